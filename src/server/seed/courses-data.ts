import type { Insertable } from 'kysely';
import type { Trx } from '../db/database';
import type { CourseNodesTable } from '../db/schema';
import { FILE_IDS, LESSON_SECONDS } from './files-data';
import { seedCovers } from './covers-data';

/** year: the academic year the course is offered in (the lists' 年份 filter; default year 2021 holds 5 of 14). */
type Course = { id: string; year: string; category: string; name: string; teacher: string; intro: string; home?: boolean; chapters: [string, string[]][] };

export const courses: Course[] = [
  {
    id: 'course-01',
    year: '2021',
    category: '编程基础',
    name: 'Python程序设计基础',
    teacher: '刘洋',
    home: true,
    intro: '零基础入门 Python，掌握变量、流程控制、函数与常用数据结构。',
    chapters: [
      ['Python入门', ['开发环境搭建', '变量与数据类型', '输入与输出']],
      ['流程控制', ['条件语句', '循环语句', '异常处理']],
      ['函数与模块', ['函数定义与调用', '模块与包', '常用标准库']],
    ],
  },
  {
    id: 'course-02',
    year: '2021',
    category: '编程基础',
    name: 'C语言程序设计',
    teacher: '王志强',
    intro: '理解程序的执行过程，掌握指针、数组与结构体。',
    chapters: [
      ['基础语法', ['数据类型与运算符', '输入输出函数']],
      ['数组与指针', ['一维数组', '指针基础', '指针与数组']],
      ['结构体与文件', ['结构体', '文件读写']],
    ],
  },
  {
    id: 'course-03',
    year: '2022',
    category: '编程基础',
    name: 'Java面向对象编程',
    teacher: '李慧敏',
    home: true,
    intro: '以项目为线索学习类与对象、继承、多态与集合框架。',
    chapters: [
      ['面向对象', ['类与对象', '封装', '继承与多态']],
      ['常用类库', ['字符串处理', '集合框架', '泛型']],
      ['进阶', ['异常体系', '多线程基础']],
    ],
  },
  {
    id: 'course-04',
    year: '2021',
    category: 'Web开发',
    name: 'Web前端开发基础',
    teacher: '张建国',
    home: true,
    intro: 'HTML、CSS 与 JavaScript 三件套，完成一个个人主页。',
    chapters: [
      ['HTML', ['文档结构', '常用标签', '表单']],
      ['CSS', ['选择器', '盒模型', 'Flex布局']],
      ['JavaScript', ['语法基础', 'DOM操作', '事件处理']],
    ],
  },
  {
    id: 'course-05',
    year: '2022',
    category: 'Web开发',
    name: 'Vue.js应用开发',
    teacher: '张建国',
    intro: '组件化开发单页应用，掌握响应式数据、路由与状态管理。',
    chapters: [
      ['Vue基础', ['模板语法', '计算属性与侦听器', '组件基础']],
      ['工程化', ['路由', '状态管理', '接口请求']],
    ],
  },
  {
    id: 'course-06',
    year: '2023',
    category: 'Web开发',
    name: 'Node.js服务端开发',
    teacher: '周建华',
    intro: '使用 Node.js 构建 REST 接口，连接数据库并完成鉴权。',
    chapters: [
      ['基础', ['事件循环', '模块系统']],
      ['接口开发', ['路由设计', '数据库访问', '身份认证']],
      ['部署', ['日志与监控', '容器化部署']],
    ],
  },
  {
    id: 'course-07',
    year: '2022',
    category: '数据科学',
    name: '数据分析与可视化',
    teacher: '陈晓燕',
    home: true,
    intro: '用 pandas 与 matplotlib 完成从数据清洗到图表呈现的全过程。',
    chapters: [
      ['数据处理', ['pandas入门', '数据清洗', '分组聚合']],
      ['可视化', ['图表类型选择', 'matplotlib绘图', '交互式图表']],
    ],
  },
  {
    id: 'course-08',
    year: '2021',
    category: '数据科学',
    name: '数据库原理与应用',
    teacher: '陈晓燕',
    intro: '关系模型、SQL、范式与事务，配合 PostgreSQL 实验。',
    chapters: [
      ['关系模型', ['关系与键', '关系代数']],
      ['SQL', ['数据定义', '数据查询', '数据更新']],
      ['数据库设计', ['E-R图', '范式', '事务与并发']],
    ],
  },
  {
    id: 'course-09',
    year: '2022',
    category: '数据科学',
    name: '概率论与数理统计',
    teacher: '孙丽华',
    intro: '随机变量、常见分布、参数估计与假设检验。',
    chapters: [
      ['概率基础', ['随机事件', '条件概率']],
      ['随机变量', ['离散型分布', '连续型分布']],
      ['统计推断', ['参数估计', '假设检验']],
    ],
  },
  {
    id: 'course-10',
    year: '2023',
    category: '人工智能',
    name: '机器学习导论',
    teacher: '赵海峰',
    home: true,
    intro: '监督学习与无监督学习的经典算法及其工程实践。',
    chapters: [
      ['监督学习', ['线性回归', '逻辑回归', '决策树']],
      ['无监督学习', ['聚类', '降维']],
      ['模型评估', ['交叉验证', '评价指标']],
    ],
  },
  {
    id: 'course-11',
    year: '2024',
    category: '人工智能',
    name: '深度学习实践',
    teacher: '赵海峰',
    intro: '从感知机到卷积网络与循环网络，动手训练图像与文本模型。',
    chapters: [
      ['神经网络基础', ['感知机', '反向传播']],
      ['卷积神经网络', ['卷积与池化', '经典网络结构']],
      ['序列模型', ['循环神经网络', '注意力机制']],
    ],
  },
  {
    id: 'course-12',
    year: '2024',
    category: '人工智能',
    name: '自然语言处理入门',
    teacher: '孙丽华',
    intro: '中文分词、词向量、文本分类与问答系统基础。',
    chapters: [
      ['文本预处理', ['中文分词', '停用词与词性']],
      ['表示学习', ['词袋模型', '词向量']],
      ['应用', ['文本分类', '信息抽取']],
    ],
  },
  {
    id: 'course-13',
    year: '2021',
    category: '项目管理',
    name: '软件工程导论',
    teacher: '李慧敏',
    home: true,
    intro: '软件生命周期、需求工程、设计、测试与团队协作。',
    chapters: [
      ['软件过程', ['瀑布模型', '敏捷开发']],
      ['需求与设计', ['需求获取', '概要设计', '详细设计']],
      ['测试与维护', ['测试方法', '软件维护']],
    ],
  },
  {
    id: 'course-14',
    year: '2023',
    category: '项目管理',
    name: 'Git团队协作',
    teacher: '王志强',
    intro: '版本控制基础、分支策略与代码评审流程。',
    chapters: [
      ['Git基础', ['提交与历史', '分支与合并']],
      ['团队协作', ['远程仓库', '代码评审', '冲突解决']],
    ],
  },
];

/** Courses with chapters (type 1) and sections (type 2); one section per course is an external recommend link. */
export async function seedCourses(trx: Trx): Promise<void> {
  const nodes: Insertable<CourseNodesTable>[] = [];
  const covers = await seedCovers(
    trx,
    courses.map((c) => ({ id: c.id, title: c.name, topic: c.category, motif: c.id === 'course-14' ? 'terminal' : undefined })),
  );
  for (const [i, c] of courses.entries()) {
    await trx
      .insertInto('courses')
      .values({
        id: c.id,
        year: c.year,
        category: c.category,
        name: c.name,
        intro: c.intro,
        teacher_name: c.teacher,
        is_home: c.home ? 1 : 0,
        sort: i,
        cover: covers.get(c.id),
      })
      .execute();
    c.chapters.forEach(([chapter, sections], ci) => {
      const chapterId = `${c.id}-c${ci + 1}`;
      nodes.push({ id: chapterId, course_id: c.id, parent_id: '0', name: `第${ci + 1}章 ${chapter}`, node_type: 1, sort: ci });
      sections.forEach((s, si) => {
        const isLink = ci === c.chapters.length - 1 && si === sections.length - 1;
        nodes.push({
          id: `${chapterId}-s${si + 1}`,
          course_id: c.id,
          parent_id: chapterId,
          name: `${ci + 1}.${si + 1} ${s}`,
          node_type: 2,
          sort: si,
          video_id: isLink ? null : FILE_IDS.lesson,
          duration: isLink ? 0 : LESSON_SECONDS,
          recommend_url: isLink ? 'https://www.icourse163.org/' : '',
        });
      });
    });
  }
  await trx.insertInto('course_nodes').values(nodes).execute();
  await trx
    .insertInto('recommendations')
    .values([
      { id: 'rec-1', course_id: 'course-01', reason: '零基础友好，适合作为第一门编程课', sort: 1 },
      { id: 'rec-2', course_id: 'course-07', reason: '与“零售门店销售数据分析”案例配套', sort: 2 },
      { id: 'rec-3', course_id: 'course-10', reason: '人工智能方向必修基础', sort: 3 },
      { id: 'rec-4', course_id: 'course-13', reason: '完成项目案例前建议先修', sort: 4 },
    ])
    .execute();
}
