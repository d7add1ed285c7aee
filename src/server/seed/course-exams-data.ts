/** Course-level exams and their questions (four per exam, 25 points each; keys as in exams-data.ts). */
type Q = [qType: 1 | 2 | 3, stem: string, options: string[], answer: string, analysis: string];

const TF = ['正确', '错误'];

export const courseExamDefs: {
  id: string;
  courseId: string;
  title: string;
  intro: string;
  timeLimit: number;
  maxAttempts: number;
  sort: number;
  questions: Q[];
}[] = [
  {
    id: 'exam-course-01-mid',
    courseId: 'course-01',
    title: 'Python程序设计基础 期中测验',
    sort: 1,
    timeLimit: 0,
    maxAttempts: 2,
    intro: '覆盖第1章与第2章：数据类型、输入输出与流程控制。不限时，可作答两次，以最后一次成绩为准。',
    questions: [
      [
        1,
        'Python 中表达式 type(3 / 2) 的结果是？',
        ["<class 'int'>", "<class 'float'>", "<class 'str'>", "<class 'complex'>"],
        'B',
        'Python 3 中 / 总是得到浮点数，整除使用 //。',
      ],
      [2, '下列哪些是 Python 的不可变类型？（多选）', ['tuple', 'list', 'str', 'frozenset'], 'ACD', 'list 可变；tuple、str 与 frozenset 创建后不能修改。'],
      [3, 'for 循环正常结束（未被 break 打断）时，会执行其 else 子句。', TF, 'A', 'for…else 的 else 在循环未被 break 时执行。'],
      [3, 'input() 函数读入的内容总是字符串。', TF, 'A', 'input() 返回 str，需要数值时用 int() 或 float() 转换。'],
    ],
  },
  {
    id: 'exam-course-01-final',
    courseId: 'course-01',
    title: 'Python程序设计基础 期末考试',
    sort: 2,
    timeLimit: 30,
    maxAttempts: 1,
    intro: '覆盖全部章节，限时 30 分钟，开始后计时不暂停，到时自动交卷。仅可作答一次。',
    questions: [
      [1, '定义函数时，用于接收任意数量关键字参数的写法是？', ['*args', '**kwargs', '&kwargs', 'args[]'], 'B', '**kwargs 把多余的关键字参数收集为字典。'],
      [
        1,
        '捕获所有常规异常时推荐写法是？',
        ['except:', 'except Exception:', 'except BaseException:', 'catch Exception:'],
        'B',
        '裸 except 会吞掉 KeyboardInterrupt 等，推荐 except Exception。',
      ],
      [2, '下列哪些是 Python 标准库模块？（多选）', ['os', 'json', 'numpy', 'datetime'], 'ABD', 'numpy 是第三方库，需要单独安装。'],
      [3, '同一目录下的 .py 文件可以直接作为模块被 import。', TF, 'A', '当前目录在模块搜索路径中，文件名即模块名。'],
    ],
  },
  {
    id: 'exam-course-07-mid',
    courseId: 'course-07',
    title: '数据分析与可视化 期中测验',
    sort: 1,
    timeLimit: 0,
    maxAttempts: 1,
    intro: '覆盖“数据处理”一章：pandas 基础、数据清洗与分组聚合。不限时。',
    questions: [
      [1, 'pandas 中查看 DataFrame 前 5 行的方法是？', ['df.top()', 'df.head()', 'df.first()', 'df.show()'], 'B', 'head() 默认返回前 5 行。'],
      [
        2,
        '处理缺失值的常用方法有哪些？（多选）',
        ['dropna() 删除', 'fillna() 填充', '直接忽略且不做说明', '插值 interpolate()'],
        'ABD',
        '删除、填充和插值都是常用方法，但都应在报告中说明。',
      ],
      [3, 'groupby 之后必须接聚合函数才能得到结果。', TF, 'A', 'groupby 返回分组对象，需要 sum、mean、agg 等才得到结果。'],
      [3, '异常值一定是错误数据，应全部删除。', TF, 'B', '异常值可能是真实的极端情况，需结合业务判断。'],
    ],
  },
  {
    id: 'exam-course-07-final',
    courseId: 'course-07',
    title: '数据分析与可视化 结课考试',
    sort: 2,
    timeLimit: 45,
    maxAttempts: 1,
    intro: '覆盖全部章节，限时 45 分钟。开始后计时不暂停，到时自动交卷。',
    questions: [
      [1, '展示各品类销售额占比，最合适的图表是？', ['折线图', '饼图或环形图', '散点图', '箱线图'], 'B', '占比关系适合饼图或环形图，类别较多时用条形图。'],
      [1, '观察两个连续变量之间的关系，应选择？', ['散点图', '饼图', '雷达图', '面积图'], 'A', '散点图能直观展示相关性。'],
      [
        2,
        '一份好的可视化报告应当包含哪些内容？（多选）',
        ['清晰的标题与坐标轴说明', '数据来源', '尽可能多的装饰效果', '明确的结论'],
        'ABD',
        '装饰过多会干扰信息传达。',
      ],
      [3, 'matplotlib 中 plt.show() 之前必须调用 plt.figure()。', TF, 'B', '不显式创建时 matplotlib 会自动创建当前图形。'],
    ],
  },
  {
    id: 'exam-course-13-unit',
    courseId: 'course-13',
    title: '软件工程导论 单元测验',
    sort: 1,
    timeLimit: 0,
    maxAttempts: 1,
    intro: '覆盖“软件过程”一章：瀑布模型与敏捷开发。不限时。',
    questions: [
      [
        1,
        '瀑布模型最主要的特点是？',
        ['各阶段顺序进行，前一阶段完成后才进入下一阶段', '每两周交付一次可运行软件', '不需要任何文档', '只适用于小型项目'],
        'A',
        '瀑布模型强调阶段顺序与阶段评审。',
      ],
      [2, '下列哪些属于 Scrum 中的活动？（多选）', ['每日站会', '冲刺评审', '需求冻结会', '冲刺回顾'], 'ABD', 'Scrum 没有“需求冻结会”，待办列表可以持续调整。'],
      [3, '敏捷开发完全不需要编写文档。', TF, 'B', '敏捷强调“可工作的软件高于详尽的文档”，并非不要文档。'],
      [3, '用户故事通常写成“作为…，我想要…，以便…”的形式。', TF, 'A', '这是用户故事的常见模板。'],
    ],
  },
  {
    id: 'exam-course-08-final',
    courseId: 'course-08',
    title: '数据库原理与应用 期末考试',
    sort: 1,
    timeLimit: 60,
    maxAttempts: 1,
    intro: '覆盖全部章节，限时 60 分钟。',
    questions: [
      [1, '关系中能唯一标识一个元组的最小属性集称为？', ['外键', '候选键', '超键', '索引'], 'B', '候选键是最小的超键。'],
      [2, '下列哪些是事务的 ACID 特性？（多选）', ['原子性', '一致性', '可扩展性', '持久性'], 'ABD', 'ACID：原子性、一致性、隔离性、持久性。'],
      [3, '满足第三范式的关系一定满足第二范式。', TF, 'A', '范式逐级包含。'],
      [3, 'DELETE 语句不加 WHERE 条件会删除表结构。', TF, 'B', '只删除全部行，表结构仍在；删除表用 DROP TABLE。'],
    ],
  },
  {
    id: 'exam-course-03-final',
    courseId: 'course-03',
    title: 'Java面向对象编程 期末考试',
    sort: 1,
    timeLimit: 40,
    maxAttempts: 1,
    intro: '覆盖全部章节，限时 40 分钟。',
    questions: [
      [1, 'Java 中实现多态的前提不包括？', ['继承或实现接口', '方法重写', '父类引用指向子类对象', '所有方法都是 static'], 'D', 'static 方法不参与多态。'],
      [2, '下列哪些集合允许重复元素？（多选）', ['ArrayList', 'HashSet', 'LinkedList', 'TreeSet'], 'AC', 'Set 不允许重复元素。'],
      [3, 'String 对象创建后内容不可改变。', TF, 'A', 'String 是不可变类，修改会生成新对象。'],
      [3, '一个类可以同时继承多个父类。', TF, 'B', 'Java 类只支持单继承，可实现多个接口。'],
    ],
  },
];

export function courseExamRows() {
  const exams = courseExamDefs.map((e) => ({
    id: e.id,
    exam_type: 2,
    course_id: e.courseId,
    title: e.title,
    intro: e.intro,
    time_limit: e.timeLimit,
    max_attempts: e.maxAttempts,
    sort: e.sort,
    pass_score: 60,
  }));
  const questions = courseExamDefs.flatMap((e) =>
    e.questions.map(([q_type, stem, options, answer, analysis], i) => ({
      id: `${e.id}-q${i + 1}`,
      exam_id: e.id,
      q_type,
      stem,
      answer,
      analysis,
      score: 25,
      sort: i + 1,
      options: JSON.stringify(options.map((text, k) => ({ key: 'ABCD'[k], text }))),
    })),
  );
  return { exams, questions };
}
