import type { Resource, ResourceDetail } from '../../../contract/study';
import type { DbOrTrx } from '../../db/database';
import type { StudyResourcesTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { fileUrl } from '../files/files';
import { stripInvisible } from '../files/file-types';

type ResourceRow = Selectable<StudyResourcesTable>;

/** A resource as the screens show it: a stored file's signed URL, else its link. */
function resourceView(x: ResourceRow): Resource {
  return {
    uuid: x.id,
    fileName: stripInvisible(x.file_name),
    fileSuffixCode: x.file_suffix_code,
    fileId: x.file_id ?? '',
    fileUrl: x.file_id ? fileUrl(x.file_id) : x.file_url,
    duration: x.duration,
  };
}

/** One study resource with its case and node (and the text itself for type 0), or undefined. */
export async function findResource(db: DbOrTrx, uuid: string): Promise<ResourceDetail | undefined> {
  const res = await db.selectFrom('study_resources').selectAll().where('id', '=', uuid).executeTakeFirst();
  return res && { ...resourceView(res), resourceId: res.id, caseId: res.case_id, nodeId: res.node_id, content: res.content };
}

/** All resources of one node of a case, in order. */
export async function nodeResources(db: DbOrTrx, caseId: string, nodeId: string): Promise<Resource[]> {
  const rows = await db.selectFrom('study_resources').selectAll().where('case_id', '=', caseId).where('node_id', '=', nodeId).orderBy('sort').execute();
  return rows.map(resourceView);
}

/** A video resource (type 3) of a case, or undefined. */
export function caseVideoResource(db: DbOrTrx, caseId: string, resourceId: string) {
  return db
    .selectFrom('study_resources')
    .select(['id', 'case_id', 'node_id', 'duration'])
    .where('id', '=', resourceId)
    .where('case_id', '=', caseId)
    .where('file_suffix_code', '=', 3)
    .executeTakeFirst();
}
