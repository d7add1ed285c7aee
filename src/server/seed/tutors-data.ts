import type { Trx } from '../db/database';
import { FILE_IDS } from './files-data';

// [name, sex, position, education, degree, first, second, field]
const people: [string, string, string, string, string, string, string, string][] = [
  ['张建国', '0', '教授', '博士研究生', '博士', '工学', '软件工程', 'Web系统架构、软件过程改进'],
  ['李慧敏', '1', '副教授', '博士研究生', '博士', '工学', '软件工程', '领域驱动设计、微服务'],
  ['王志强', '0', '讲师', '硕士研究生', '硕士', '工学', '计算机科学与技术', '移动应用开发、嵌入式系统'],
  ['陈晓燕', '1', '教授', '博士研究生', '博士', '理学', '统计学', '商业数据分析、统计建模'],
  ['刘洋', '0', '副教授', '博士研究生', '博士', '理学', '统计学', '时间序列预测、城市计算'],
  ['赵海峰', '0', '教授', '博士研究生', '博士', '工学', '计算机科学与技术', '计算机视觉、模型压缩'],
  ['孙丽华', '1', '副教授', '博士研究生', '博士', '工学', '计算机科学与技术', '自然语言处理、对话系统'],
  ['周建华', '0', '高级工程师', '硕士研究生', '硕士', '工学', '电子信息', '物联网、边缘计算'],
  ['吴静', '1', '讲师', '博士研究生', '博士', '管理学', '管理科学与工程', '信息系统管理、项目管理'],
  ['郑凯', '0', '讲师', '硕士研究生', '硕士', '工学', '软件工程', '软件测试、质量保障'],
  ['冯雪', '1', '副教授', '博士研究生', '博士', '理学', '数学', '优化算法、运筹学'],
  ['何振宇', '0', '教授', '博士研究生', '博士', '工学', '控制科学与工程', '机器人、智能控制'],
  ['许婷', '1', '讲师', '博士研究生', '博士', '工学', '计算机科学与技术', '推荐系统、数据挖掘'],
  ['韩磊', '0', '副教授', '博士研究生', '博士', '工学', '电子信息', '信号处理、无线通信'],
  ['曹雨欣', '1', '助教', '硕士研究生', '硕士', '管理学', '工商管理', '创新创业、产品管理'],
  ['邓文博', '0', '高级工程师', '本科', '学士', '工学', '软件工程', '云原生、DevOps'],
];

/** Intro video id of tutor-04 with no file behind it: the detail screen's "video unavailable" path. */
export const MISSING_TUTOR_VIDEO = 'file-tutor-video-missing';

/**
 * 16 tutors with full résumés; three are full (signStatus 1). tutor-01..03 have a playable intro
 * video, tutor-04 one whose source cannot be fetched.
 */
export async function seedTutors(trx: Trx): Promise<void> {
  await trx
    .insertInto('tutors')
    .values(
      people.map(([name, sex, position, education, degree, first, second, field], i) => ({
        id: `tutor-${String(i + 1).padStart(2, '0')}`,
        name,
        sex,
        technical_position: position,
        education,
        degree,
        first_discipline: first,
        secondary_discipline: second,
        field,
        birthday: `${1968 + ((i * 3) % 20)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(5 + i).padStart(2, '0')}`,
        intro: `${name}，${position}，长期从事${field.split('、')[0]}方向的教学与研究，指导学生获省级以上竞赛奖项多项。`,
        work_experience: `${2005 + (i % 8)}年至今 任教于本校信息学院；${2001 + (i % 5)}—${2005 + (i % 8)}年 就职于某科技公司，担任研发工程师。`,
        project_info: `主持国家自然科学基金青年项目“${field.split('、')[0]}关键技术研究”；参与省重点研发计划项目2项；承担校企合作项目3项。`,
        patent_works: `发表学术论文${12 + i}篇（其中SCI/EI收录${4 + (i % 5)}篇）；获授权发明专利${1 + (i % 4)}项；主编教材1部。`,
        award_info: `获省级教学成果奖二等奖；${i % 2 ? '校级优秀教师' : '指导学生获“互联网+”大赛省赛金奖'}。`,
        phone: `0571-8868${String(1000 + i * 17).slice(-4)}`,
        email: `tutor${i + 1}@xuetu.edu.cn`,
        video_intro: i < 3 ? FILE_IDS.tutorVideo : i === 3 ? MISSING_TUTOR_VIDEO : '',
        sign_status: i === 4 || i === 9 || i === 13 ? 1 : 0,
        sort: i,
      })),
    )
    .execute();
}

type Student = { id: string; username: string; studentNo: string; specialty: string; classmate: string; phone: string; sex: string };

/**
 * Sign-ups in every status, keeping the server rule that a student holds at most one active
 * (0 applying or 1 accepted) sign-up: 李明 (normal) failed with tutor-06 (2), cancelled with
 * tutor-07 (3) and is applying with tutor-12 (0) — on the list's second page, so the activity
 * screen must check the whole list to find it. 王芳 (graduated) was accepted by tutor-01 (1).
 */
export async function seedTutorSignups(trx: Trx, normal: Student, graduated: Student): Promise<void> {
  const form = (s: Student) => ({
    student_id: s.id,
    name: s.username,
    sex: s.sex,
    identity_number: '330106200301011234',
    phone: s.phone,
    student_no: s.studentNo,
    specialty: s.specialty,
    classmate: s.classmate,
    introduction: '计算机专业大三学生，做过两个课程项目，对后端开发兴趣浓厚。',
    specialty_hobby: '编程、篮球、摄影',
    goals_ideas: '希望在导师指导下参与科研项目，毕业后从事软件研发工作。',
  });
  const day = 86400_000;
  const ago = (days: number) => new Date(Date.now() - days * day);
  await trx
    .insertInto('tutor_signups')
    .values([
      { ...form(normal), id: 'signup-1', tutor_id: 'tutor-06', status: 2, created_at: ago(30), updated_at: ago(25) },
      { ...form(normal), id: 'signup-2', tutor_id: 'tutor-07', status: 3, created_at: ago(20), updated_at: ago(19) },
      { ...form(normal), id: 'signup-3', tutor_id: 'tutor-12', status: 0, created_at: ago(2), updated_at: ago(2) },
      { ...form(graduated), id: 'signup-4', tutor_id: 'tutor-01', status: 1, created_at: ago(40), updated_at: ago(35) },
    ])
    .execute();
}
