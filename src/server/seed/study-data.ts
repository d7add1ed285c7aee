import { sql } from 'kysely';
import type { Trx } from '../db/database';
import type { CaseTopics } from './cases-data';
import { LESSON_SECONDS } from './files-data';

const day = 86400_000;
/** course-08's last section is its external recommend link (see courses-data). */
const LINK_SECTION = 'course-08-c3-s3';
const ago = (days: number, hours = 0) => new Date(Date.now() - days * day - hours * 3600_000);

/**
 * Study history: the normal student studies two cases, one practice and three courses; the
 * graduated student has finished case-01 (access 2) and studies case-02.
 */
export async function seedStudyHistory(trx: Trx, caseTopics: CaseTopics, normal: string, graduated: string): Promise<void> {
  await trx
    .insertInto('case_applications')
    .values([
      { id: 'apply-1', student_id: normal, case_id: 'case-01', status: 1, apply_type: 1, progress: 25, created_at: ago(20) },
      { id: 'apply-2', student_id: normal, case_id: 'case-04', status: 1, apply_type: 2, progress: 5, created_at: ago(10) },
      { id: 'apply-3', student_id: normal, case_id: 'prac-01', status: 1, apply_type: 2, progress: 0, created_at: ago(5) },
      { id: 'apply-4', student_id: graduated, case_id: 'case-01', status: 2, apply_type: 1, progress: 100, created_at: ago(120) },
      { id: 'apply-5', student_id: graduated, case_id: 'case-02', status: 1, apply_type: 1, progress: 10, created_at: ago(15) },
    ])
    .execute();

  const topics = caseTopics.get('case-01')!;
  const learnt = topics.slice(0, 5);
  await trx
    .insertInto('case_records')
    .values([
      ...learnt.map((t, i) => ({
        id: `crec-n-${i}`,
        student_id: normal,
        case_id: 'case-01',
        node_id: t.id,
        resource_id: `case-01-r${String(i).padStart(2, '0')}`,
        is_study: 1,
        created_at: ago(18 - i * 2),
      })),
      ...topics.map((t, i) => ({
        id: `crec-g-${i}`,
        student_id: graduated,
        case_id: 'case-01',
        node_id: t.id,
        resource_id: `case-01-r${String(i).padStart(2, '0')}`,
        is_study: 1,
        created_at: ago(100 - i),
      })),
      // The node rows (resource_id ''): those nodes learnt.
      ...learnt.map((t, i) => ({
        id: `crec-nn-${i}`,
        student_id: normal,
        case_id: 'case-01',
        node_id: t.id,
        resource_id: '',
        is_study: 1,
        created_at: ago(18 - i * 2),
      })),
      ...topics.map((t, i) => ({
        id: `crec-gn-${i}`,
        student_id: graduated,
        case_id: 'case-01',
        node_id: t.id,
        resource_id: '',
        is_study: 1,
        created_at: ago(100 - i),
      })),
    ])
    .execute();

  await trx
    .insertInto('course_signups')
    .values([
      { id: 'csign-1', student_id: normal, course_id: 'course-01', created_at: ago(25) },
      { id: 'csign-2', student_id: normal, course_id: 'course-07', created_at: ago(12) },
      { id: 'csign-3', student_id: normal, course_id: 'course-13', created_at: ago(3) },
      { id: 'csign-4', student_id: graduated, course_id: 'course-08', created_at: ago(60) },
    ])
    .execute();
  await trx
    .insertInto('learn_locations')
    .values([
      {
        student_id: normal,
        course_id: 'course-01',
        node_id: 'course-01-c1-s1',
        position: LESSON_SECONDS,
        watched: LESSON_SECONDS,
        is_study: 1,
        updated_at: ago(24),
      },
      {
        student_id: normal,
        course_id: 'course-01',
        node_id: 'course-01-c1-s2',
        position: LESSON_SECONDS,
        watched: LESSON_SECONDS,
        is_study: 1,
        updated_at: ago(23),
      },
      { student_id: normal, course_id: 'course-01', node_id: 'course-01-c1-s3', position: 12, watched: 12, is_study: 2, updated_at: ago(2) },
      {
        student_id: graduated,
        course_id: 'course-08',
        node_id: 'course-08-c1-s1',
        position: LESSON_SECONDS,
        watched: LESSON_SECONDS,
        is_study: 1,
        updated_at: ago(50),
      },
    ])
    .execute();
  // Study-centre card: the normal student's last record is the case video in progress; older rows
  // are a course video and a case link. The graduated student's last record is a course's external
  // recommend link (the section opened in a new tab), so each card type has a seeded example.
  await trx
    .insertInto('study_records')
    .values([
      { id: 'srec-1', student_id: normal, is_type: 1, target_id: 'course-01', node_id: 'course-01-c1-s3', resource_id: '', is_study: 2, updated_at: ago(2) },
      {
        id: 'srec-2',
        student_id: normal,
        is_type: 0,
        target_id: 'case-01',
        node_id: topics[3]!.id,
        resource_id: 'case-01-r03',
        is_study: 2,
        updated_at: ago(0, 5),
      },
      {
        id: 'srec-4',
        student_id: normal,
        is_type: 0,
        target_id: 'case-01',
        node_id: topics[2]!.id,
        resource_id: 'case-01-r02',
        is_study: 1,
        updated_at: ago(3),
      },
      {
        id: 'srec-3',
        student_id: graduated,
        is_type: 0,
        target_id: 'case-01',
        node_id: topics[0]!.id,
        resource_id: 'case-01-r00',
        is_study: 1,
        updated_at: ago(90),
      },
      {
        id: 'srec-5',
        student_id: graduated,
        is_type: 1,
        target_id: 'course-08',
        node_id: 'course-08-c1-s1',
        resource_id: '',
        is_study: 1,
        updated_at: ago(50),
      },
      { id: 'srec-6', student_id: graduated, is_type: 1, target_id: 'course-08', node_id: LINK_SECTION, resource_id: '', is_study: 1, updated_at: ago(1) },
    ])
    .execute();
}

/** Tasks in every status for the normal student: 0 not started, 1 in progress, 2 submitted, 3 reviewed, 4 overdue. */
export async function seedTasks(trx: Trx, normal: string, graduated: string): Promise<void> {
  const tasks = [
    {
      id: 'task-1',
      case_id: 'case-01',
      title: '校园二手交易平台需求规格说明书',
      content: '根据用户调研结果撰写需求规格说明书，包含功能需求、非功能需求与用例图。',
      start_at: ago(3),
      end_at: ago(-14),
    },
    {
      id: 'task-2',
      case_id: 'case-01',
      title: '数据库设计文档',
      content: '完成 E-R 图与数据表设计，说明主要字段、约束与索引。',
      start_at: ago(7),
      end_at: ago(-7),
    },
    {
      id: 'task-3',
      case_id: 'case-04',
      title: '销售数据清洗报告',
      content: '说明缺失值与异常值的处理方法，并提交清洗后的数据摘要。',
      start_at: ago(15),
      end_at: ago(-2),
    },
    {
      id: 'task-4',
      case_id: 'case-04',
      title: '数据可视化大作业',
      content: '制作不少于 6 张图表的分析仪表盘，并撰写结论。',
      start_at: ago(30),
      end_at: ago(10),
    },
    {
      id: 'task-5',
      case_id: 'prac-01',
      title: '响应式首页还原',
      content: '按设计稿完成首页还原，要求在手机与电脑上均正常显示。',
      start_at: ago(20),
      end_at: ago(1),
    },
  ].map((t) => ({ ...t, teacher_name: t.case_id === 'case-04' ? '陈晓燕' : '张建国' }));
  await trx.insertInto('tasks').values(tasks).execute();
  await trx
    .insertInto('task_students')
    .values([
      { id: 'ts-1', task_id: 'task-1', student_id: normal, status: 0 },
      { id: 'ts-2', task_id: 'task-2', student_id: normal, status: 1, answer: '已完成 E-R 图初稿，正在整理字段说明。' },
      { id: 'ts-3', task_id: 'task-3', student_id: normal, status: 2, answer: '缺失值采用同店同品类均值填充，异常值按 3σ 原则剔除。', submitted_at: ago(1) },
      {
        id: 'ts-4',
        task_id: 'task-4',
        student_id: normal,
        status: 3,
        answer: '仪表盘包含趋势、结构与对比三类图表。',
        score: 92,
        comment: '图表选择恰当，分析结论清晰。',
        submitted_at: ago(12),
      },
      { id: 'ts-5', task_id: 'task-5', student_id: normal, status: 0 },
      { id: 'ts-6', task_id: 'task-1', student_id: graduated, status: 0 },
    ])
    .execute();
}

/**
 * The "N 人在学" of a case and a course count real students: every application (the students the
 * case ranking ranks) and every course sign-up. Set once the applications and sign-ups are in;
 * apply and sign-up keep them so (one increment per inserted row).
 */
export async function seedStudyCounts(trx: Trx): Promise<void> {
  await sql`update cases c set study_count = (select count(*) from case_applications a where a.case_id = c.id)`.execute(trx);
  await sql`update courses c set study_count = (select count(*) from course_signups s where s.course_id = c.id)`.execute(trx);
}
