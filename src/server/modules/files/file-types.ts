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

/** Keeps a display name harmless: no path parts, no control, bidi or quoting characters, bounded length. */
export function sanitizeFileName(name: string): string {
  const base = stripInvisible(name).split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/["<>|:*?]/g, '').trim();
  return [...(clean || 'file')].slice(-120).join('');
}

/**
 * Types served inline must be what their name says (ASVS 12.2.1): an "image" or "PDF" that is
 * really HTML or SVG is refused rather than stored, checked by the leading magic bytes.
 */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  gif: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')),
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  pdf: (b) => b.subarray(0, 1024).toString('latin1').includes('%PDF-'),
};

export function contentMatchesType(ext: string, data: Buffer): boolean {
  const check = SIGNATURES[ext];
  return check ? check(data) : true;
}
