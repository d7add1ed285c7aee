import type { DbOrTrx } from '../db/database';
import { decodeText } from '../../mindmap/core';
import { parseDocument } from '../modules/mindmaps/document';
import { factsOf } from '../modules/mymaps/store';

// 我的导图 of the demo student (issue 33): two maps of their own, one linked to a course, so the
// list, the search and the editor have something real to show.

const MAPS: { id: string; outline: string[]; courseId?: string; daysAgo: number }[] = [
  {
    id: 'ownmap-demo-review',
    daysAgo: 1,
    outline: [
      '期末复习提纲',
      '\t考试范围',
      '\t\t第一至第六章',
      '\t\t闭卷，120 分钟',
      '\t重点',
      '\t\t需求分析与用例图',
      '\t\t数据库范式与索引',
      '\t\t\t第三范式的判断',
      '\t\t\tB 树索引适合范围查询',
      '\t难点',
      '\t\t事务隔离级别',
      '\t\t并发控制与死锁',
      '\t复习计划',
      '\t\t周一：整理笔记',
      '\t\t周三：做往年试题',
      '\t\t周五：错题回顾',
    ],
  },
  {
    id: 'ownmap-demo-notes',
    daysAgo: 3,
    courseId: 'course-01',
    outline: [
      '课程笔记：Python 第一周',
      '\t课程信息',
      '\t\t每周二下午，实验楼 301',
      '\t核心概念',
      '\t\t变量与数据类型',
      '\t\t列表与字典',
      '\t\t\t列表推导式写法更简洁',
      '\t我的疑问',
      '\t\t可变对象作默认参数为什么会出错？',
      '\t课后小结',
      '\t\t多用交互式解释器验证想法',
    ],
  },
];

export async function seedOwnMaps(trx: DbOrTrx, studentId: string): Promise<void> {
  const now = Date.now();
  for (const m of MAPS) {
    const { doc, text } = parseDocument({ root: decodeText(m.outline.join('\n')), template: 'default', theme: 'fresh-blue', version: '1.4.43' });
    const at = new Date(now - m.daysAgo * 24 * 3600 * 1000);
    await trx
      .insertInto('own_maps')
      .values({
        id: m.id,
        student_id: studentId,
        document: text,
        ...factsOf(doc, text),
        // the document is version 1, and its change log starts there (mindmaps/map-log.ts)
        version: 1,
        snapshot_version: 1,
        log_from: 1,
        course_id: m.courseId ?? null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}
