import type { LastRecord } from '../../../contract/study';
import type { DbOrTrx } from '../../db/database';
import { fileUrl } from '../files/files';
import { stripInvisible } from '../files/file-types';
import { officialMap } from '../mindmaps/maps';
import { walk } from '../mindmaps/document';

/**
 * The study centre's last-record card, in SPEC §3 field names; null when nothing was studied.
 * The most recent resource studied: a case's node row (resource_id '': 标记已学 by hand, or that
 * tick taken back) studies no resource, and showed as an empty "图文：" line marked 已完成 in place
 * of the resource being studied. A course section's row has no resource id but is its video.
 */
export async function lastRecord(db: DbOrTrx, studentId: string): Promise<LastRecord | null> {
  const rec = await db
    .selectFrom('study_records')
    .selectAll()
    .where('student_id', '=', studentId)
    .where((eb) => eb.or([eb('is_type', '<>', 0), eb('resource_id', '<>', '')]))
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!rec) return null;
  const base = { nodeId: rec.node_id, isStudy: rec.is_study, uuid: rec.id };
  if (rec.is_type === 0) {
    const c = await db.selectFrom('cases').select(['id', 'name']).where('id', '=', rec.target_id).executeTakeFirst();
    const res = rec.resource_id ? await db.selectFrom('study_resources').selectAll().where('id', '=', rec.resource_id).executeTakeFirst() : undefined;
    let nodeName = '';
    const doc = await officialMap(db, rec.target_id);
    if (doc) walk(doc.root, (n) => (String(n.data.id) === rec.node_id ? (nodeName = String(n.data.text ?? '')) : undefined));
    return {
      ...base,
      isType: 0,
      caseId: rec.target_id,
      name: c?.name ?? '',
      nodeName,
      resourceId: res?.id ?? '',
      fileId: res?.file_id ?? '',
      fileName: stripInvisible(res?.file_name ?? ''),
      fileUrl: res ? (res.file_id ? fileUrl(res.file_id) : res.file_url) : '',
      fileSuffixCode: res?.file_suffix_code ?? 0,
      duration: res?.duration ?? 0,
      videoId: res?.file_suffix_code === 3 ? (res.file_id ?? '') : '',
      recommendUrl: '',
    };
  }
  const course = await db.selectFrom('courses').select(['id', 'name']).where('id', '=', rec.target_id).executeTakeFirst();
  const node = await db.selectFrom('course_nodes').selectAll().where('id', '=', rec.node_id).executeTakeFirst();
  return {
    ...base,
    isType: rec.is_type,
    courseId: rec.target_id,
    name: course?.name ?? '',
    nodeName: node?.name ?? '',
    fileId: node?.video_id ?? '',
    fileName: '',
    fileUrl: node?.video_id ? fileUrl(node.video_id) : '',
    fileSuffixCode: 3,
    duration: node?.duration ?? 0,
    videoId: node?.video_id ?? '',
    recommendUrl: node?.recommend_url ?? '',
  };
}
