import { createHmac, timingSafeEqual } from 'node:crypto';
import { downloadUrl, fileUrl } from './files';

/**
 * Short-lived signed file URLs (issue 21, item 8). <video>, <img> and a download in a new tab
 * cannot send the Authorization header, and a session token in a URL ends up in logs, browser
 * history and Referer headers. Instead the server hands out URLs that name the file, the student
 * they were issued to and an expiry, signed with a key of the install (lib/secrets.ts): they
 * grant reading that one file, as that student, for MEDIA_URL_TTL_S, and nothing else.
 */
export interface SignedQuery {
  u: string;
  exp: number;
  sig: string;
}

export interface MediaSigner {
  sign(fileId: string, studentId: string, now?: number): SignedQuery;
  /** The student a valid, unexpired signature was issued to; undefined otherwise. */
  verify(fileId: string, q: Partial<SignedQuery>, now?: number): string | undefined;
}

export function mediaSigner(key: Buffer, ttlMs: number): MediaSigner {
  const mac = (fileId: string, studentId: string, exp: number) =>
    createHmac('sha256', key).update(`xuetu-media-v1\n${fileId}\n${studentId}\n${exp}`).digest('base64url');
  return {
    sign(fileId, studentId, now = Date.now()) {
      const exp = Math.ceil((now + ttlMs) / 1000);
      return { u: studentId, exp, sig: mac(fileId, studentId, exp) };
    },
    verify(fileId, q, now = Date.now()) {
      if (!q.u || !q.sig || !q.exp || !Number.isSafeInteger(q.exp)) return undefined;
      // Expired, or further ahead than any URL this install issues (a key shared with a longer TTL).
      if (q.exp * 1000 < now || q.exp * 1000 > now + ttlMs + 60_000) return undefined;
      const want = Buffer.from(mac(fileId, q.u, q.exp));
      const got = Buffer.from(q.sig);
      return got.length === want.length && timingSafeEqual(got, want) ? q.u : undefined;
    },
  };
}

const query = (q: SignedQuery) => `u=${encodeURIComponent(q.u)}&exp=${q.exp}&sig=${q.sig}`;

/** data of signedUrl: both ways to read the file, valid until expiresAt (epoch ms). */
export function signedUrls(signer: MediaSigner, fileId: string, studentId: string) {
  const q = signer.sign(fileId, studentId);
  return { fileUrl: `${fileUrl(fileId)}?${query(q)}`, downloadUrl: `${downloadUrl(fileId)}&${query(q)}`, expiresAt: q.exp * 1000 };
}
