import type { ImportNotice } from '../engine/protocols/formats';

// What a student reads when the engine or the worker refuses something: always Chinese. The
// engine's SPEC messages (SPEC §5, §8) keep their English code in brackets so they stay
// recognisable; anything else in English (an engine invariant, a worker failure) becomes a
// plain Chinese sentence instead of leaking through.

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

export const READ_ONLY_MSG = '当前导图为只读，不能修改';
export const GENERIC_MSG = '操作没有完成，请重试；如果问题持续出现，请刷新页面';

const KNOWN: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^Document is read-only$/, () => READ_ONLY_MSG],
  [/^Not supported protocol$/, () => '不支持的文件格式，请选择 .km、.md、.txt、.xmind、.mm 或 .opml 文件（Not supported protocol）'],
  [/^Invalid local format$/, () => '内容格式不正确，无法导入（Invalid local format）'],
  [/^Theme (.*) not exists!$/, (m) => `导图主题“${m[1]}”不存在（Theme ${m[1]} not exists!）`],
  [/^Missing Layout:? ?(.*)$/, (m) => `导图结构“${m[1]}”不存在（Missing Layout）`],
  [/^Invalid \.km|JSON|Unexpected token|Unexpected end/i, () => '文件内容无法识别，请确认是完整的导图文件'],
  [/own subtree/, () => '不能把主题移动到它自己的下级主题中'],
  [/^The root cannot/, () => '中心主题不能这样操作'],
];

/**
 * The message to show for an error from the engine, the worker or the editor; `fallback` for
 * anything not ours (a bug's TypeError, a network library's English), whose raw form goes to the
 * console instead.
 */
export function userMessage(error: unknown, fallback = GENERIC_MSG): string {
  const msg = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (CJK.test(msg)) return msg;
  for (const [re, text] of KNOWN) {
    const m = msg.match(re);
    if (m) return text(m);
  }
  console.warn('editor error shown as a generic message:', error);
  return fallback;
}

/**
 * The notice after an import: what was imported (`fileName`, else pasted text), what changed
 * shape (a forest wrapped, a preamble left out), and that it can be undone (it replaced the map).
 * `retiredCards`: review cards whose nodes the import left out (their save retires them, issue 20).
 */
export function importedNotice(notices: readonly ImportNotice[], fileName?: string, retiredCards = 0): string {
  const what = fileName ? `「${fileName}」` : '粘贴的内容';
  const shape = notices.map((n) => n.message.replace(/[。；]$/, '')).join('；');
  const undo = retiredCards > 0 ? `${retiredCards} 张复习卡片已停用，按 Ctrl+Z 撤销导入可恢复。` : '可按 Ctrl+Z 撤销。';
  return `已导入${what}，${shape ? `${shape}。` : ''}${undo}`;
}

/** The warning after an export to a format that could not hold everything (以下内容未能保留：…). */
export function exportedNotice(notices: readonly ImportNotice[], fileName: string): string {
  return `已导出「${fileName}」，${notices.map((n) => n.message.replace(/[。；]$/, '')).join('；')}。`;
}
