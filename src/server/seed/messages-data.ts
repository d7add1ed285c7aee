import type { Trx } from '../db/database';

/** `content` may differ per demo student (by index: 李明, the experience account, 王芳), so a notice agrees with that student's own records. */
const messages: {
  title: string;
  content: string | readonly string[];
  sender: string;
  read: boolean;
  daysAgo: number;
  /** The announced task, by student index; only a student who has the task gets the link. */
  taskId?: readonly (string | null)[];
}[] = [
  {
    title: '欢迎加入学图学习平台',
    content: '同学你好！欢迎使用学图。你可以在“专业课程”中学习官方课程，在“项目案例”中按思维导图逐个节点完成学习，遇到问题可在“帮助中心”查看常见问题。',
    sender: '系统通知',
    read: true,
    daysAgo: 30,
  },
  {
    title: '《Python程序设计基础》课程报名成功',
    content: '你已成功报名课程《Python程序设计基础》，请按章节顺序完成视频学习与节点测验。',
    sender: '课程中心',
    read: true,
    daysAgo: 21,
  },
  {
    title: '导师报名结果通知',
    // 李明's sign-up with 赵海峰 (tutor-06) was not accepted; 王芳 was accepted by 张建国 (tutors-data.ts).
    content: [
      '你向赵海峰老师提交的导师报名申请未通过，可以在“导师活动”中报名其他导师。',
      '导师活动已开放报名，你可以在“导师活动”中查看导师介绍并提交报名申请。',
      '你向张建国老师提交的导师报名申请已通过，导师将在一周内通过邮件与你联系。',
    ],
    sender: '导师活动',
    read: true,
    daysAgo: 14,
  },
  {
    title: '新任务：销售数据清洗报告',
    content: '指导教师发布了新任务“销售数据清洗报告”（零售门店销售数据分析），请在“我的任务”中查看并在截止日期前提交。',
    sender: '任务中心',
    read: false,
    daysAgo: 6,
    taskId: ['task-3'],
  },
  { title: '节点测验待完成', content: '项目案例“校园二手交易平台”中的节点“数据库设计”有一份测验尚未完成。', sender: '学习提醒', read: false, daysAgo: 3 },
  {
    title: '系统维护通知',
    content: '平台将于本周六 02:00—04:00 进行例行维护，期间可能无法访问，请提前保存学习进度。',
    sender: '系统通知',
    read: false,
    daysAgo: 1,
  },
  {
    title: '你的任务已被批阅',
    content: '任务“数据可视化大作业”已被批阅，得分 92 分，评语：图表选择恰当，分析结论清晰。',
    sender: '任务中心',
    read: false,
    daysAgo: 0,
  },
];

/** Read and unread notifications for every demo student (the unread dot needs both); after the tasks they link to. */
export async function seedMessages(trx: Trx, studentIds: readonly string[]): Promise<void> {
  const now = Date.now();
  const rows = studentIds.flatMap((studentId, s) =>
    messages.map((m, i) => {
      const at = new Date(now - m.daysAgo * 86400_000 - i * 3600_000);
      return {
        id: `msg-${s + 1}-${String(i + 1).padStart(2, '0')}`,
        student_id: studentId,
        title: m.title,
        content: typeof m.content === 'string' ? m.content : (m.content[s] ?? m.content[0]!),
        sender: m.sender,
        msg_type: m.sender === '系统通知' ? 1 : 2,
        is_look: m.read ? 1 : 0,
        created_at: at,
        read_at: m.read ? new Date(at.getTime() + 3600_000) : null,
        task_id: m.taskId?.[s] ?? null,
      };
    }),
  );
  await trx.insertInto('user_messages').values(rows).execute();
}
