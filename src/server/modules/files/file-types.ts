/**
 * Upload whitelist: extension → the content type we serve it with. The client's declared type is
 * ignored. HTML, SVG and scripts are absent on purpose: nothing uploaded may run in our origin.
 */
export const ALLOWED_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  km: 'application/json',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
};

export const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp']);

/** Only these are ever served inline (media players, <img>, the PDF viewer); all else downloads. */
export function servesInline(contentType: string): boolean {
  return /^(image\/(jpeg|png|gif|webp)|video\/|audio\/|application\/pdf)/.test(contentType);
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Characters that change how a name reads without being seen: C0/C1 controls, the bidi embeddings,
 * overrides and isolates (U+202E turns "报告\u202Efdp.zip" into "报告piz.pdf" on screen), marks,
 * zero-width and other invisible format characters, line and paragraph separators, and the Hangul
 * fillers (U+115F, U+1160, U+3164, U+FFA0: letters that draw nothing, so a name can look empty or
 * like another). The zero-width joiner (U+200D) stays only inside an emoji sequence (a pictograph,
 * maybe with a variation selector or skin tone, joined to another), which needs it; anywhere else
 * it is just a hidden character.
 */
const INVISIBLE =
  /[\p{Cc}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]|(?!\u200d)\p{Cf}|(?<!\p{Extended_Pictographic}(?:\ufe0f|\p{Emoji_Modifier})?)\u200d|\u200d(?!\p{Extended_Pictographic})/gu;

/** A name as it reads on screen: without INVISIBLE characters (for names we show but did not take in). */
export function stripInvisible(name: string): string {
  return name.replace(INVISIBLE, '');
}

/** The name of a file whose own name has nothing left to show (empty, or only invisible characters). */
export const UNNAMED_FILE = '未命名文件';

/**
 * Keeps a display name harmless: no path parts, no control, bidi or quoting characters, bounded
 * length. A name with nothing visible before its extension (only Hangul fillers, say) becomes
 * 未命名文件 with that extension, not ".png".
 */
export function sanitizeFileName(name: string): string {
  const base = stripInvisible(name).split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/["<>|:*?]/g, '').trim();
  const dot = clean.lastIndexOf('.');
  const stem = dot < 0 ? clean : clean.slice(0, dot);
  const named = /[^.\s]/u.test(stem) ? clean : UNNAMED_FILE + (dot < 0 ? '' : clean.slice(dot));
  return [...named].slice(-120).join('');
}

/**
 * Content-Disposition for a stored file (RFC 6266): `filename*` carries the name percent-encoded
 * as UTF-8; `filename`, for clients that read only it, the name as a quoted string with what is
 * not printable ASCII replaced by "_" — not percent-encoded, which showed a "%" in a name as "%25".
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const clean = sanitizeFileName(name);
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Types served inline must be what their name says (ASVS 12.2.1): an "image", "PDF", video or
 * audio file that is really HTML, SVG or anything else is refused rather than stored, checked by
 * the signature at the very start of the file (issue 37: an x.mp4 holding <html><script> was
 * accepted and served as video/mp4). Downloads (office files, archives, text) are served as
 * attachments of type application/octet-stream whatever they hold, so they need no check.
 */
const startsWith = (b: Buffer, sig: string, at = 0) => b.subarray(at, at + sig.length).toString('latin1') === sig;
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  gif: (b) => startsWith(b, 'GIF87a') || startsWith(b, 'GIF89a'),
  webp: (b) => startsWith(b, 'RIFF') && startsWith(b, 'WEBP', 8),
  pdf: (b) => startsWith(b, '%PDF-'),
  // ISO base media: the first box is the file type box, its size then "ftyp"
  mp4: (b) => startsWith(b, 'ftyp', 4),
  // EBML header
  webm: (b) => b.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])),
  // an ID3v2 tag, or straight into an MPEG audio frame (11 sync bits set)
  mp3: (b) => startsWith(b, 'ID3') || (b[0] === 0xff && b.length > 1 && (b[1] & 0xe0) === 0xe0),
};

/** Bytes the longest signature check reads (webp: 12). */
export const SIGNATURE_BYTES = 16;

export function contentMatchesType(ext: string, data: Buffer): boolean {
  const check = SIGNATURES[ext];
  return check ? check(data) : true;
}
