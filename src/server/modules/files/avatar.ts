import type { DbOrTrx } from '../../db/database';
import { badRequest } from '../../http/envelope';
import { fileUrl } from './files';

/**
 * Avatars (issue 21, item 9). Another student's browser loads an avatar (the case ranking), so it
 * may only be an image the student uploaded here, named by exactly the path fileUrl gives it:
 * no other site (a tracking pixel), no look-alike path (`/\attacker.example/x.png`, which browsers
 * read as `//attacker.example`). Such an image is readable by anyone who has its URL while it is
 * someone's avatar (findReadableFile), as the ranking shows it to every learner of the case.
 */
const AVATAR_PATH = /^\/api\/folder\/resource\/file\/vod\/([0-9a-f]{32})$/;

export const AVATAR_MSG = '头像只能使用您上传的图片';

/** The avatar to show others: the stored value when it has the one accepted shape, else none. */
export function shownAvatar(stored: string): string {
  return AVATAR_PATH.test(stored) ? stored : '';
}

/** The value to store for a requested avatar ('' clears it), or a 400 naming the rule. */
export async function acceptedAvatar(db: DbOrTrx, studentId: string, requested: string): Promise<string> {
  // Exactly the path or '' (no trimming): a look-alike with spaces around it is no path we gave out.
  if (requested === '') return '';
  const id = AVATAR_PATH.exec(requested)?.[1];
  if (!id) throw badRequest(AVATAR_MSG);
  const f = await db
    .selectFrom('files')
    .select(['id'])
    .where('id', '=', id)
    .where('owner_id', '=', studentId)
    .where('content_type', 'like', 'image/%')
    .executeTakeFirst();
  if (!f) throw badRequest(AVATAR_MSG);
  return fileUrl(f.id);
}
