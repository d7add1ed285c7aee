import type { Insertable } from 'kysely';
import type { Trx } from '../db/database';
import type { StudyResourcesTable } from '../db/schema';
import { cases, classifications } from './cases-catalog';
import { DEMO_PDF_PAGES, FILE_IDS, LESSON_SECONDS } from './files-data';
import { buildMap } from './map-builder';
import { examQuestions } from './exams-data';
import { seedCovers } from './covers-data';

export type CaseTopics = Map<string, { id: string; text: string }[]>;

/**
 * Cases with official maps; every topic node carries a resource, cycling through every file type
 * (0 text, 1 image, 2 link, 3 video, 4 PDF), and the sixth topic a second one (a video); the first topics of the first two chapters have exams.
 */
export async function seedCases(trx: Trx): Promise<CaseTopics> {
  const caseTopics: CaseTopics = new Map();
  await trx.insertInto('case_classifications').values(classifications).execute();
  const resources: Insertable<StudyResourcesTable>[] = [];
  const exams: { id: string; case_id: string; node_id: string; title: string; pass_score: number }[] = [];
  const questions: ReturnType<typeof examQuestions> = [];
  const covers = await seedCovers(
    trx,
    cases.map((c) => ({ id: c.id, title: c.name, topic: c.classify, motif: c.id === 'prac-04' ? 'terminal' : undefined })),
  );
  for (const [i, c] of cases.entries()) {
    await trx
      .insertInto('cases')
      .values({
        id: c.id,
        year: c.year,
        case_type: c.type,
        classify_id: c.classify,
        name: c.name,
        intro: c.intro,
        teacher_name: c.teacher,
        cover: covers.get(c.id),
        difficulty: 1 + (i % 3),
        sort: i,
      })
      .execute();
    const built = buildMap(c.id, c.outline);
    caseTopics.set(c.id, built.topics);
    await trx
      .insertInto('official_maps')
      .values({ case_id: c.id, document: JSON.stringify(built.document), node_count: built.nodeCount })
      .execute();
    built.topics.forEach((t, ti) => {
      const code = ti % 5;
      const id = `${c.id}-r${String(ti).padStart(2, '0')}`;
      const common = { id, case_id: c.id, node_id: t.id, sort: 0, file_suffix_code: code };
      if (code === 0)
        resources.push({
          ...common,
          file_name: `${t.text}要点.txt`,
          content: `${t.text}：本节围绕“${t.chapter}”展开，先理解目标，再按步骤完成练习，最后对照检查清单自查。`,
        });
      else if (code === 1) resources.push({ ...common, file_name: `${t.text}示意图.png`, file_id: FILE_IDS.image });
      else if (code === 2) resources.push({ ...common, file_name: `${t.text}参考资料`, file_url: 'https://developer.mozilla.org/zh-CN/' });
      else if (code === 3) resources.push({ ...common, file_name: `${t.text}讲解视频.webm`, file_id: FILE_IDS.lesson, duration: LESSON_SECONDS });
      else resources.push({ ...common, file_name: `${t.text}讲义.pdf`, file_id: FILE_IDS.pdf, page_count: DEMO_PDF_PAGES });
      // The sixth topic also has a video, so a node with several resources exists to switch between.
      if (ti === 5)
        resources.push({
          ...common,
          id: `${id}b`,
          sort: 1,
          file_suffix_code: 3,
          file_name: `${t.text}演示视频.webm`,
          file_id: FILE_IDS.lesson,
          duration: LESSON_SECONDS,
        });
    });
    const firstTopics = c.outline.chapters.map((_, ci) => built.topics[c.outline.chapters.slice(0, ci).reduce((s, x) => s + x.topics.length, 0)]!);
    firstTopics.slice(0, 2).forEach((t, k) => {
      const examId = `exam-${c.id}-${k + 1}`;
      exams.push({ id: examId, case_id: c.id, node_id: t.id, title: `${t.text}节点测验`, pass_score: 60 });
      questions.push(...examQuestions(examId, t.text, c.name));
    });
  }
  await trx.insertInto('study_resources').values(resources).execute();
  await trx.insertInto('exams').values(exams).execute();
  await trx.insertInto('exam_questions').values(questions).execute();
  // Topic node ids per case, for the study history seeder.
  return caseTopics;
}
