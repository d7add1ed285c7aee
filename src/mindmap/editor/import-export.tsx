import { useEffect, useRef, useState } from 'react';
import { titleFromFileName, type FileData, type FileFormat, type ImportNotice, type TextFormat } from '../engine/protocols/formats';
import { dismissToast, toast } from '../host';
import type { EditorController } from './controller';
import { EditorDialog } from './dialogs';
import { SheetDialog, type SheetChoice } from '../import/SheetDialog';
import { sheetChoicesOf } from '../import/sheet-choices';
import { exportedNotice, importedNotice, userMessage } from './messages';
import { pdfFont } from './pdf-export';
import {
  download,
  EXPORTS,
  fileBase,
  formatOfFile,
  IMPORT_ACCEPT,
  imageDataUrls,
  inlineImages,
  isCrossOrigin,
  mapToPng,
  UNSUPPORTED,
  type ExportKind,
} from './io';

// Import (file picker or pasted text) and export (download) of the editor menu.

export const CROSS_ORIGIN_PNG = '导图中有来自其他网站的节点图片，导出的 PNG 中将不会显示这些图片。';

/** Long enough to read a notice naming a new root; radix pauses it while hovered or focused. */
const NOTICE_MS = 10_000;
/** A plain 已导入…可按 Ctrl+Z 撤销: shorter (toasts stack over the top of the page). */
const PLAIN_NOTICE_MS = 6_000;

/** The toast of the last import (or of its undo) while it may still be on screen. */
let notice = 0;

/**
 * An import replaces the whole map: it says so, with what changed shape and that Ctrl+Z brings
 * the previous map back (a polite status toast, announced by screen readers).
 */
async function showNotices(notices: ImportNotice[] | null, fileName: string | undefined, retired: RetiredByImport | undefined): Promise<void> {
  if (!notices) return;
  // the count is extra: the import's notice goes out without it if it cannot be had
  const cards = retired ? await retired().catch(() => 0) : 0;
  dismissToast(notice);
  notice = toast.success(importedNotice(notices, fileName, cards), notices.length || cards ? NOTICE_MS : PLAIN_NOTICE_MS);
}

/**
 * Says a whole-map replacement that is not a file import (恢复版本) the same way, so that its undo
 * takes the notice down too.
 */
export function showReplacedNotice(said: string): void {
  dismissToast(notice);
  notice = toast.success(said, PLAIN_NOTICE_MS);
}

/**
 * Undone, the replacement's "按 Ctrl+Z 可撤销" is no longer true: a notice still up is replaced by
 * 已撤销导入 (已撤销恢复版本…); redone, that one goes.
 */
function importStepped(undone: boolean, what: string): void {
  const up = dismissToast(notice);
  notice = undone && up ? toast.success(`已撤销${what}`, PLAIN_NOTICE_MS) : 0;
}

/** How many review cards the map just imported leaves without their node (0: the map has none). */
export type RetiredByImport = () => Promise<number>;

export function useImportExport(ctl: EditorController, onError: (msg: string) => void, focusMap: () => void, retired?: RetiredByImport) {
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => ctl.events.on('importStep', importStepped), [ctl]);
  const [pasteOpen, setPasteOpen] = useState(false);
  // a multi-sheet XMind workbook: which sheet replaces the map (issue 33.2)
  const [sheetAsk, setSheetAsk] = useState<{ fileName: string; sheets: SheetChoice[]; answer(picked: number[]): void } | null>(null);
  /** Share of a PNG export done (0–1), null when none runs. */
  const [progress, setProgress] = useState<number | null>(null);
  /** A PDF is being drawn (in the worker): said, so a slow first export (font download) is not a dead click. */
  const [pdfBusy, setPdfBusy] = useState(false);

  const exportAs = async (kind: ExportKind) => {
    const spec = EXPORTS.find((x) => x.format === kind)!;
    const base = fileBase(ctl.model.get(ctl.model.rootId)?.text ?? '');
    try {
      if (kind === 'png') {
        // SPEC §8: images from other sites cannot be drawn into an exportable canvas.
        if ([...ctl.model.all()].some((n) => n.image && isCrossOrigin(n.image))) window.alert(CROSS_ORIGIN_PNG);
        setProgress(0);
        try {
          download(
            `${base}.png`,
            await mapToPng(
              (clip) => ctl.io.exportData('svg', clip),
              (done, total) => setProgress(done / total),
            ),
          );
        } finally {
          setProgress(null);
        }
        return;
      }
      if (kind === 'pdf' || kind === 'pdf-tiled') {
        setPdfBusy(true);
        try {
          // node images go in as data URLs (the engine cannot fetch the student's uploads)
          const images = await imageDataUrls([...ctl.model.all()].map((n) => n.image ?? ''));
          const font = await pdfFont();
          // formulas typeset here (the worker cannot lay KaTeX out), drawn as vectors in the PDF
          const formulas = await ctl.io.pdfFormulas();
          const { data, notices } = await ctl.engine.exportPdf({ font, mode: kind === 'pdf' ? 'single' : 'tiled', images, ...formulas });
          // the two PDFs of one map must not take each other's name in the downloads folder
          const name = kind === 'pdf' ? `${base}.pdf` : `${base}（A4 分页）.pdf`;
          download(name, new Blob([data as BlobPart], { type: spec.mime }));
          if (notices.length) toast.warning(exportedNotice(notices, name), NOTICE_MS);
        } finally {
          setPdfBusy(false);
        }
        return;
      }
      // (outline text too: it says the relationship lines it cannot hold)
      if (kind === 'xmind' || kind === 'mm' || kind === 'opml' || kind === 'md' || kind === 'txt') {
        // .xmind embeds images: the student's uploads are read here, the engine cannot fetch
        const images = kind === 'xmind' ? await imageDataUrls([...ctl.model.all()].map((n) => n.image ?? '')) : {};
        const { data, notices } = await ctl.io.exportFile(kind, { images });
        const name = `${base}.${spec.ext}`;
        download(name, new Blob([data as BlobPart], { type: typeof data === 'string' ? `${spec.mime};charset=utf-8` : spec.mime }));
        // what the format could not hold is said, never dropped silently
        if (notices.length) toast.warning(exportedNotice(notices, name), NOTICE_MS);
        return;
      }
      const data = await ctl.io.exportData(kind);
      const text = kind === 'svg' ? await inlineImages(data, true) : data;
      download(`${base}.${spec.ext}`, new Blob([text], { type: `${spec.mime};charset=utf-8` }));
    } catch (e) {
      onError(userMessage(e, '导出失败，请重试'));
    }
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    let format: FileFormat;
    try {
      format = formatOfFile(file.name);
    } catch {
      onError(userMessage(UNSUPPORTED));
      return;
    }
    let data: FileData;
    try {
      // bytes, always: .xmind is a zip, and the engine tells the text files' encoding (UTF-8,
      // UTF-16, GBK) and refuses binary ones — File.text() read everything as UTF-8
      data = new Uint8Array(await file.arrayBuffer());
    } catch (e) {
      onError(userMessage(e, '读取文件失败，请重新选择文件'));
      return;
    }
    let sheet: number | undefined;
    const sheets = format === 'xmind' && typeof data !== 'string' ? await sheetChoicesOf(data) : null;
    if (sheets) {
      [sheet] = await new Promise<number[]>((answer) => setSheetAsk({ fileName: file.name, sheets, answer }));
      setSheetAsk(null);
      if (sheet === undefined) return focusMap();
    }
    const notices = await ctl.io.importFile(format, data, titleFromFileName(file.name), sheet);
    // an imported map is shown like one opened
    if (notices) ctl.camera.frame();
    await showNotices(notices, file.name, retired);
    focusMap();
  };

  const elements = (
    <>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={IMPORT_ACCEPT}
        aria-label="选择导入文件"
        onChange={(e) => (void importFile(e.target.files?.[0]), (e.target.value = ''))}
      />
      <SheetDialog fileName={sheetAsk?.fileName ?? null} sheets={sheetAsk?.sheets ?? []} multiple={false} onDone={(picked) => sheetAsk?.answer(picked)} />
      {pasteOpen && <PasteImport ctl={ctl} retired={retired} onClose={() => setPasteOpen(false)} returnFocus={focusMap} />}
      {pdfBusy && (
        <div className="mind-export-progress" role="status" aria-label="导出进度">
          正在生成 PDF…
        </div>
      )}
      {progress !== null && (
        <div className="mind-export-progress" role="status" aria-label="导出进度">
          正在导出 PNG… {Math.round(progress * 100)}%
          <progress max={1} value={progress} />
        </div>
      )}
    </>
  );
  return { elements, exportAs, pickFile: () => fileInput.current?.click(), pasteImport: () => setPasteOpen(true) };
}

function PasteImport({ ctl, retired, onClose, returnFocus }: { ctl: EditorController; retired?: RetiredByImport; onClose(): void; returnFocus(): void }) {
  const [text, setText] = useState('');
  const [format, setFormat] = useState<TextFormat>('txt');
  return (
    <EditorDialog title="粘贴导入" open onClose={onClose} returnFocus={returnFocus}>
      <form
        className="mind-dialog__form"
        onSubmit={(e) => {
          e.preventDefault();
          void ctl.io.importFile(format, text).then((notices) => {
            if (!notices) return;
            ctl.camera.frame();
            onClose();
            return showNotices(notices, undefined, retired);
          });
        }}
      >
        <label>
          格式
          <select value={format} onChange={(e) => setFormat(e.target.value as TextFormat)}>
            <option value="txt">大纲文本（Tab 或四个空格缩进）</option>
            <option value="md">Markdown</option>
            <option value="km">JSON (.km)</option>
          </select>
        </label>
        <label>
          内容
          <textarea value={text} rows={10} onChange={(e) => setText(e.target.value)} />
        </label>
        <div className="mind-dialog__actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn--primary" disabled={!text.trim()}>
            导入
          </button>
        </div>
      </form>
    </EditorDialog>
  );
}
