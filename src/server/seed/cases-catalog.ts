import type { Outline } from './map-builder';

/** Case classification tree (SPEC §3 tree item) and the project cases / practice items. */
export const classifications = [
  { id: 'cls-se', parent_id: '0', name: '软件工程', sort: 1 },
  { id: 'cls-se-web', parent_id: 'cls-se', name: 'Web应用开发', sort: 1 },
  { id: 'cls-se-mobile', parent_id: 'cls-se', name: '移动应用开发', sort: 2 },
  { id: 'cls-data', parent_id: '0', name: '数据分析', sort: 2 },
  { id: 'cls-data-biz', parent_id: 'cls-data', name: '商业数据分析', sort: 1 },
  { id: 'cls-ai', parent_id: '0', name: '人工智能', sort: 3 },
  { id: 'cls-iot', parent_id: '0', name: '物联网', sort: 4 },
];

export interface CaseDef {
  id: string;
  /** academic year the case is offered in (the lists' 年份 filter; default year 2021 holds 3 of 8 project cases) */
  year: string;
  type: 1 | 2;
  classify: string;
  name: string;
  teacher: string;
  intro: string;
  outline: Outline;
}

const ch = (text: string, ...topics: string[]) => ({ text, topics });

export const cases: CaseDef[] = [
  {
    id: 'case-01',
    year: '2021',
    type: 1,
    classify: 'cls-se-web',
    name: '校园二手交易平台',
    teacher: '张建国',
    intro: '从需求调研到上线部署，完整实现一个面向在校学生的二手物品交易网站。',
    outline: {
      root: '校园二手交易平台',
      chapters: [
        ch('需求分析', '用户调研', '用例建模', '需求规格说明书', '原型设计'),
        ch('系统设计', '总体架构', '数据库设计', '接口设计', '安全设计'),
        ch('前端实现', '页面布局', '商品列表', '发布商品', '即时消息'),
        ch('后端实现', '用户认证', '商品服务', '订单服务', '支付对接'),
        ch('测试与部署', '单元测试', '性能测试', '容器化部署', '上线运维'),
      ],
    },
  },
  {
    id: 'case-02',
    year: '2022',
    type: 1,
    classify: 'cls-se-web',
    name: '电商订单管理系统',
    teacher: '李慧敏',
    intro: '围绕订单生命周期设计并实现订单、库存与物流模块，掌握事务与并发控制。',
    outline: {
      root: '电商订单管理系统',
      chapters: [
        ch('业务梳理', '订单流程', '库存规则', '退换货流程'),
        ch('领域建模', '实体与值对象', '聚合划分', '状态机设计'),
        ch('核心实现', '下单接口', '库存扣减', '超时取消', '物流跟踪'),
        ch('质量保障', '并发测试', '幂等设计', '监控告警'),
      ],
    },
  },
  {
    id: 'case-03',
    year: '2022',
    type: 1,
    classify: 'cls-se-mobile',
    name: '健康打卡小程序',
    teacher: '王志强',
    intro: '开发一款支持每日健康打卡、数据统计与消息提醒的微信小程序。',
    outline: {
      root: '健康打卡小程序',
      chapters: [
        ch('产品规划', '目标用户', '功能清单', '交互流程'),
        ch('小程序开发', '页面结构', '表单与校验', '本地缓存', '订阅消息'),
        ch('云开发', '云数据库', '云函数', '定时任务'),
        ch('发布运营', '审核规范', '数据看板', '用户反馈'),
      ],
    },
  },
  {
    id: 'case-04',
    year: '2021',
    type: 1,
    classify: 'cls-data-biz',
    name: '零售门店销售数据分析',
    teacher: '陈晓燕',
    intro: '基于连锁门店一年的销售流水，完成数据清洗、指标体系搭建与可视化报告。',
    outline: {
      root: '零售门店销售数据分析',
      chapters: [
        ch('数据获取', '数据来源', '数据字典', '抽样检查'),
        ch('数据清洗', '缺失值处理', '异常值识别', '数据合并', '特征构造'),
        ch('指标分析', '销售趋势', '品类结构', '会员贡献', '门店对比'),
        ch('可视化报告', '图表选择', '仪表盘设计', '结论撰写'),
      ],
    },
  },
  {
    id: 'case-05',
    year: '2023',
    type: 1,
    classify: 'cls-data',
    name: '城市共享单车需求预测',
    teacher: '刘洋',
    intro: '利用历史骑行与天气数据构建需求预测模型，为车辆调度提供依据。',
    outline: {
      root: '城市共享单车需求预测',
      chapters: [
        ch('问题定义', '业务背景', '评价指标', '数据说明'),
        ch('探索性分析', '时间规律', '天气影响', '站点热度'),
        ch('建模', '基线模型', '梯度提升树', '时间序列模型', '模型融合'),
        ch('应用', '调度策略', '结果解读', '模型部署'),
      ],
    },
  },
  {
    id: 'case-06',
    year: '2023',
    type: 1,
    classify: 'cls-ai',
    name: '垃圾分类图像识别',
    teacher: '赵海峰',
    intro: '采集并标注垃圾图片，训练卷积神经网络并部署到移动端实现实时识别。',
    outline: {
      root: '垃圾分类图像识别',
      chapters: [
        ch('数据准备', '图片采集', '数据标注', '数据增强'),
        ch('模型训练', '卷积神经网络', '迁移学习', '超参数调优', '模型评估'),
        ch('模型部署', '模型压缩', '移动端推理', '接口封装'),
        ch('项目总结', '误差分析', '改进方向', '答辩展示'),
      ],
    },
  },
  {
    id: 'case-07',
    year: '2024',
    type: 1,
    classify: 'cls-ai',
    name: '智能客服问答机器人',
    teacher: '孙丽华',
    intro: '构建面向教务咨询的问答机器人，涵盖意图识别、知识库检索与多轮对话。',
    outline: {
      root: '智能客服问答机器人',
      chapters: [
        ch('需求与语料', '常见问题整理', '语料清洗', '意图体系'),
        ch('自然语言理解', '分词与词向量', '意图识别', '槽位填充'),
        ch('对话管理', '知识库检索', '多轮对话', '兜底策略'),
        ch('上线评估', '人工评测', '满意度分析', '持续优化'),
      ],
    },
  },
  {
    id: 'case-08',
    year: '2021',
    type: 1,
    classify: 'cls-iot',
    name: '智慧教室环境监测系统',
    teacher: '周建华',
    intro: '使用传感器采集教室温湿度与二氧化碳浓度，实现数据上云与异常告警。',
    outline: {
      root: '智慧教室环境监测系统',
      chapters: [
        ch('硬件选型', '传感器原理', '主控板选择', '电路连接'),
        ch('嵌入式开发', '数据采集', '通信协议', '低功耗设计'),
        ch('云平台', '设备接入', '数据存储', '告警规则'),
        ch('可视化', '实时大屏', '历史曲线', '移动端查看'),
      ],
    },
  },
  {
    id: 'prac-01',
    year: '2021',
    type: 2,
    classify: 'cls-se-web',
    name: 'HTML与CSS页面实训',
    teacher: '张建国',
    intro: '按设计稿还原一组响应式页面，练习布局、选择器与常用组件样式。',
    outline: {
      root: 'HTML与CSS页面实训',
      chapters: [
        ch('页面结构', '语义化标签', '表单元素', '表格'),
        ch('样式基础', '盒模型', '选择器优先级', '字体与颜色'),
        ch('布局', 'Flex布局', 'Grid布局', '响应式设计'),
        ch('综合练习', '首页还原', '登录页还原', '代码规范'),
      ],
    },
  },
  {
    id: 'prac-02',
    year: '2021',
    type: 2,
    classify: 'cls-data',
    name: 'SQL查询实训',
    teacher: '陈晓燕',
    intro: '在教学数据库上完成由浅入深的查询练习，掌握连接、分组与窗口函数。',
    outline: {
      root: 'SQL查询实训',
      chapters: [
        ch('基础查询', '条件过滤', '排序与分页', '聚合函数'),
        ch('多表查询', '内连接', '外连接', '子查询'),
        ch('进阶', '窗口函数', '公用表表达式', '索引与执行计划'),
      ],
    },
  },
  {
    id: 'prac-03',
    year: '2022',
    type: 2,
    classify: 'cls-data-biz',
    name: 'Python数据处理实训',
    teacher: '刘洋',
    intro: '使用 pandas 完成数据读取、清洗、分组统计与导出的系列练习。',
    outline: {
      root: 'Python数据处理实训',
      chapters: [
        ch('数据读取', 'CSV与Excel', '数据类型', '编码问题'),
        ch('数据清洗', '缺失值', '重复值', '字符串处理'),
        ch('统计分析', '分组聚合', '透视表', '时间序列'),
      ],
    },
  },
  {
    id: 'prac-04',
    year: '2023',
    type: 2,
    classify: 'cls-iot',
    name: 'Linux命令行实训',
    teacher: '周建华',
    intro: '在实验环境中练习文件管理、权限、进程与 Shell 脚本编写。',
    outline: {
      root: 'Linux命令行实训',
      chapters: [
        ch('文件与目录', '路径与导航', '文件操作', '查找与过滤'),
        ch('权限与用户', '权限模型', '用户与组', 'sudo'),
        ch('进程与脚本', '进程管理', '管道与重定向', 'Shell脚本'),
      ],
    },
  },
];
