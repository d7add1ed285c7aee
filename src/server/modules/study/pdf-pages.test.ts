import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';
import { DEMO_PDF_PAGES } from '../../seed/files-data';
import { PDF_PAGES_RULE } from './completion';
import { PAGES_TOO_FAST, pageOutOfRange } from './pdf-pages';

// Issue 22 item 3: a case PDF is completed by its pages seen, decided by the server — pages past
// the document's end and pages faster than a person turns them are refused; a claim of "read"
// does not complete it. case-04-r04 is the normal student's seeded PDF (demo-handout.pdf).
const t = useTestApp({ normal: NORMAL });
const { get, post, tokens } = t;
const db = () => t.database.db;
const PDF = 'case-04-r04';
const nodeOf = async (id: string) => (await db().selectFrom('study_resources').select('node_id').where('id', '=', id).executeTakeFirstOrThrow()).node_id;
const pages = async (list: number[]) =>
  post(tokens.normal, '/api/course/userModelRecord/savePdfPages', { caseId: 'case-04', nodeId: await nodeOf(PDF), resourceId: PDF, pages: list });
const startedAgo = (seconds: number) =>
  db()
    .updateTable('resource_locations')
    .set({ coverage_started_at: new Date(Date.now() - seconds * 1000) })
    .where('student_id', '=', 'stu-0001')
    .where('resource_id', '=', PDF)
    .execute();
const requirement = async () => {
  const req = await get(tokens.normal, `/api/course/studyRecord/nodeRequirements?caseId=case-04&nodeId=${await nodeOf(PDF)}`);
  return (req.data.items as Array<{ id: string; rule: string; done: number }>).find((i) => i.id === PDF)!;
};

describe('PDF completion by pages seen', () => {
  it('the seeded page count is the fixture’s', () => {
    const text = readFileSync(join(import.meta.dirname, '../../seed/fixtures/demo-handout.pdf'), 'latin1');
    expect(text.match(/\/Type\s*\/Page(?!s)/g)?.length).toBe(DEMO_PDF_PAGES);
  });

  it('counts pages seen, refuses pages past the end, and completes at 90 % of the pages — not by a claim', async () => {
    expect(await requirement()).toMatchObject({ rule: PDF_PAGES_RULE, done: 0 });
    expect((await pages([1])).data).toMatchObject({ pagesSeen: 1, pageCount: DEMO_PDF_PAGES, isStudy: 2 });
    expect(await pages([DEMO_PDF_PAGES + 1])).toMatchObject({ resultCode: 400, errMsg: pageOutOfRange(DEMO_PDF_PAGES) });
    expect((await pages([0])).resultCode).toBe(400);
    // Open long enough for the old 5 s rule: a claim still does not complete it.
    await db()
      .updateTable('case_records')
      .set({ created_at: new Date(Date.now() - 60_000) })
      .where('student_id', '=', 'stu-0001')
      .where('resource_id', '=', PDF)
      .execute();
    const claim = await post(tokens.normal, '/api/course/caseRecord/addRecord', {
      caseId: 'case-04',
      nodeId: await nodeOf(PDF),
      resourceId: PDF,
      isStudy: '1',
    });
    expect(claim.data.isStudy).toBe(2);
    expect((await pages([1, 1])).data.pagesSeen).toBe(1); // seeing a page again adds nothing
    await startedAgo(10);
    expect((await pages([2])).data).toMatchObject({ pagesSeen: 2, isStudy: 2 });
    expect((await pages([3])).data).toMatchObject({ pagesSeen: 3, isStudy: 1 });
    expect(await requirement()).toMatchObject({ done: 1 });
  });

  it('refuses pages seen faster than a person turns them, recording nothing of that report', async () => {
    await db().updateTable('study_resources').set({ page_count: 60 }).where('id', '=', 'case-01-r04').execute();
    const nodeId = await nodeOf('case-01-r04');
    const report = (list: number[]) =>
      post(tokens.normal, '/api/course/userModelRecord/savePdfPages', { caseId: 'case-01', nodeId, resourceId: 'case-01-r04', pages: list });
    expect((await report([1])).data.pagesSeen).toBe(1);
    const forged = await report(Array.from({ length: 59 }, (_, i) => i + 2));
    expect(forged).toMatchObject({ resultCode: 400, errMsg: PAGES_TOO_FAST });
    expect((await report([2])).data.pagesSeen).toBe(2);
  });

  it('only a PDF resource of that node and case is reported', async () => {
    const video = await post(tokens.normal, '/api/course/userModelRecord/savePdfPages', {
      caseId: 'case-04',
      nodeId: await nodeOf('case-04-r08'),
      resourceId: 'case-04-r08',
      pages: [1],
    });
    expect(video).toMatchObject({ resultCode: 404, errMsg: 'PDF 资源不存在' });
  });
});
