import type { Db } from '../../db/database';
import { badRequest } from '../../http/envelope';
import { acceptCoverage, type CoverageLimit } from './coverage';
import { completeResource, lockApplication, openResource } from './completion';
import { touchStudyRecord } from './progress';

// A case PDF is completed by its pages seen (issue 22), decided here as a video by its coverage:
// the viewer reports the pages it has shown (a page counts once it has been on screen a moment);
// the server keeps their union in resource_locations.coverage (page p as the interval [p-1, p]),
// so 90 % of the document's pages seen completes it. A page past the document's last is refused,
// and so is seeing pages faster than a person turns them (PAGES_PER_SECOND since the first report):
// the count cannot be forged beyond the page count, nor all at once.

export const PAGES_PER_SECOND = 1;
export const PAGES_TOO_FAST = '阅读进度异常：上报的已读页数超过了正常翻阅速度（每秒 1 页），本次未记录';
export const pageOutOfRange = (pages: number) => `页码超出文档页数（共 ${pages} 页）`;
export const PAGES_UNKNOWN = '该 PDF 的页数未知，打开阅读满 5 秒即记为完成';
const PDF_LIMIT: CoverageLimit = { rate: PAGES_PER_SECOND, tooFast: PAGES_TOO_FAST };

export interface PdfResource {
  id: string;
  case_id: string;
  node_id: string;
  page_count: number;
}

/** Records pages seen of a case PDF; completes it (and maybe its node) at 90 % of its pages. */
export async function reportPdfPages(db: Db, studentId: string, r: PdfResource, pages: number[]) {
  if (r.page_count <= 0) throw badRequest(PAGES_UNKNOWN);
  if (pages.some((p) => p > r.page_count)) throw badRequest(pageOutOfRange(r.page_count));
  return db.transaction().execute(async (trx) => {
    await lockApplication(trx, studentId, r.case_id);
    await openResource(trx, studentId, r.case_id, r.node_id, r.id);
    await trx
      .insertInto('resource_locations')
      .values({ student_id: studentId, resource_id: r.id, case_id: r.case_id, node_id: r.node_id, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['student_id', 'resource_id']).doNothing())
      .execute();
    const prev = await trx
      .selectFrom('resource_locations')
      .select(['coverage', 'coverage_started_at'])
      .where('student_id', '=', studentId)
      .where('resource_id', '=', r.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const c = acceptCoverage(
      prev,
      pages.map((p): [number, number] => [p - 1, p]),
      r.page_count,
      new Date(),
      PDF_LIMIT,
    );
    const seen = Math.round(c.covered);
    await trx
      .updateTable('resource_locations')
      .set({ position: pages.at(-1) ?? 0, watched: seen, coverage: c.coverage, coverage_started_at: c.started, updated_at: new Date() })
      .where('student_id', '=', studentId)
      .where('resource_id', '=', r.id)
      .execute();
    let nodeLearnt = false;
    if (c.done) nodeLearnt = await completeResource(trx, studentId, r.case_id, r.node_id, r.id);
    await touchStudyRecord(trx, studentId, 0, r.case_id, r.node_id, r.id, c.done ? 1 : 2);
    return {
      caseId: r.case_id,
      nodeId: r.node_id,
      resourceId: r.id,
      pagesSeen: seen,
      pageCount: r.page_count,
      isStudy: c.done ? 1 : 2,
      nodeLearnt: nodeLearnt ? 1 : 0,
    };
  });
}
