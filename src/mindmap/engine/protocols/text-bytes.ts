// A text file's bytes → its text (.km, .md, .txt, .mm, .opml). Browsers' File.text() and Node's
// readFile('utf8') read every file as UTF-8: a GBK file (old Windows Notepad, Excel's "Unicode
// text" aside) came out as "����" and a binary file as topics of control characters, both
// "imported". Here: a byte-order mark decides (UTF-8, UTF-16 LE/BE); else strict UTF-8, and
// bytes that are not UTF-8 are read as GB18030 (a superset of GBK and GB2312); what is neither,
// or holds control characters no text file has, is refused with a Chinese message.

const NOT_TEXT = '无法导入：文件不是文本';

function strict(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function byBom(bytes: Uint8Array): string | null | undefined {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return strict('utf-8', bytes.subarray(3));
  if (a === 0xff && b === 0xfe) return strict('utf-16le', bytes.subarray(2));
  if (a === 0xfe && b === 0xff) return strict('utf-16be', bytes.subarray(2));
  return undefined;
}

// C0 controls other than TAB, LF, VT, FF, CR; DEL. NUL included.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/;

/** The first control character no text file holds, as "第 N 行有控制字符 U+0000"; null when none. */
export function controlCharacterProblem(text: string): string | null {
  const m = CONTROL.exec(text);
  if (!m) return null;
  const line = text.slice(0, m.index).split('\n').length;
  const code = m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  return `第 ${line} 行有控制字符 U+${code}`;
}

/**
 * The text of a text file's bytes; throws the user-facing message (Chinese) when the bytes are
 * not text in UTF-8 (with or without BOM), UTF-16 with a BOM, or GB18030/GBK.
 */
export function decodeTextFile(bytes: Uint8Array): string {
  let text = byBom(bytes);
  if (text === null) throw new Error(`${NOT_TEXT}（开头标明的 Unicode 编码与内容不符，文件可能已损坏）`);
  if (text === undefined) {
    if (bytes.includes(0)) throw new Error(`${NOT_TEXT}（含有 NUL 字节，可能是图片、压缩包等二进制文件，或没有 BOM 的 UTF-16 文本）`);
    text = strict('utf-8', bytes) ?? strict('gb18030', bytes);
    if (text === null) throw new Error(`${NOT_TEXT}（既不是 UTF-8 也不是 GBK/GB18030 编码，请用 UTF-8 编码另存后再导入）`);
  }
  const problem = controlCharacterProblem(text);
  if (problem) throw new Error(`${NOT_TEXT}（${problem}，可能是图片、压缩包等二进制文件）`);
  return text;
}
