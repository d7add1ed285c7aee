import type { SignedFileUrls } from '../../contract/files';
import { apiGet } from '../http/client';
import { unwrap } from '../ui/use-remote';

/**
 * A student's own uploads (task attachments, mind-map images) need the student, but <img>, a
 * download link or a fetch of an exported image cannot send the Authorization header, and a token
 * in a URL leaks into logs and history. The server signs short-lived URLs for them instead
 * (`signedUrl`, README API); platform content needs no signature and keeps its plain URL.
 */
export type { SignedFileUrls };

const VOD = /^\/api\/folder\/resource\/file\/vod\/([\w-]{1,64})$/;
const DOWNLOAD = /^\/api\/folder\/resource\/file\/download$/;

/** The file id of a plain (unsigned) same-origin file URL, else null. */
export function fileIdOf(url: string, origin = location.origin): string | null {
  let u: URL;
  try {
    u = new URL(url, origin);
  } catch {
    return null;
  }
  if (u.origin !== origin || u.searchParams.has('sig')) return null;
  const vod = VOD.exec(u.pathname);
  if (vod && !u.search) return vod[1]!;
  return DOWNLOAD.test(u.pathname) ? u.searchParams.get('uid') : null;
}

export async function signedFileUrls(fileId: string): Promise<SignedFileUrls> {
  return unwrap(await apiGet<SignedFileUrls>('/api/folder/resource/file/signedUrl', { uid: fileId }, { dedupe: false }));
}

/**
 * A URL the browser can load as it is: a plain URL of one of our files becomes its signed form
 * (media for `fileUrl`, attachment for `downloadUrl`); anything else is returned unchanged. If
 * signing fails (not the student's file, offline) the plain URL is returned, which fails to load
 * as it did before.
 */
export async function loadableUrl(url: string, kind: 'fileUrl' | 'downloadUrl' = 'fileUrl'): Promise<string> {
  const id = fileIdOf(url);
  if (!id) return url;
  try {
    return (await signedFileUrls(id))[kind];
  } catch {
    return url;
  }
}
