import { useEffect, useId, useRef, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from 'react';
import { clampPage, loadPdfPage, savePdfPage } from './pdf-pages';
import { usePdfDocument, usePdfPage, type PageSize } from './use-pdf-page';
import './pdf-viewer.css';

export interface PdfViewerProps {
  /** the PDF's URL (same origin) */
  src: string;
  /** whose page counter this is (the resource id): reopening it returns to the page read last */
  docId: string;
  /** the document's name, for the accessible labels */
  title: string;
  /** A page has been on screen PAGE_SEEN_MS (a page flipped past is not seen): completion by pages seen (issue 22). */
  onPageSeen?(page: number): void;
}

/** How long a page must stay on screen to count as seen. */
export const PAGE_SEEN_MS = 1200;

const ZOOM_STEP = 0.25;
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 3;

/**
 * A PDF drawn by pdf.js, one page at a time: 上一页 / 下一页 and a page number to jump to, the
 * arrow / Page Up / Page Down / Home / End keys on the page, fit to width (the default) or zoom in
 * steps of 25 %. The page read last is remembered per document (SPEC §3 pdf page counters).
 */
export function PdfViewer({ src, docId, title, onPageSeen }: PdfViewerProps) {
  const state = usePdfDocument(src);
  const pages = state.status === 'ready' ? state.pages : 0;
  const [page, setPage] = useState(() => loadPdfPage(docId));
  const [fit, setFit] = useState(true);
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  const [failed, setFailed] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const hintId = useId();

  // A remembered page past the end of the document (it changed) shows its last page.
  useEffect(() => {
    if (pages) setPage((p) => clampPage(p, pages));
  }, [pages]);
  useEffect(() => {
    if (pages) savePdfPage(docId, page);
  }, [docId, page, pages]);

  const seen = useRef(onPageSeen);
  seen.current = onPageSeen;
  useEffect(() => {
    if (!pages || !seen.current) return;
    const shown = clampPage(page, pages);
    const timer = window.setTimeout(() => seen.current?.(shown), PAGE_SEEN_MS);
    return () => window.clearTimeout(timer);
  }, [page, pages]);

  // Fit to width follows the space the page has (window resized, phone turned).
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [state.status]);

  const doc = state.status === 'ready' ? state.doc : null;
  // Until the page's size is known, fitting waits (null) rather than drawing twice.
  const [base, setBase] = useState<PageSize | null>(null);
  const fitScale = base && width > 0 ? Math.max(0.1, Math.round(((width - 2) / base.width) * 1000) / 1000) : null;
  const scale = fit ? fitScale : zoom;
  usePdfPage(
    doc,
    clampPage(page, pages),
    scale,
    { canvas, text },
    {
      onSize: (size) => setBase((b) => (b && b.width === size.width && b.height === size.height ? b : size)),
      onError: () => setFailed(true),
    },
  );

  if (state.status === 'error' || failed) {
    return (
      <p className="pdf-viewer__status" role="alert">
        PDF 加载失败，请稍后再试，或使用下方链接打开或下载。
      </p>
    );
  }

  const go = (p: number) => setPage(clampPage(p, pages));
  const shown = Math.round((scale ?? 1) * 100);
  const zoomBy = (delta: number) => {
    setZoom(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(((scale ?? 1) + delta) / ZOOM_STEP) * ZOOM_STEP)));
    setFit(false);
  };
  const onKey = (e: KeyboardEvent) => {
    const to = { ArrowLeft: page - 1, PageUp: page - 1, ArrowRight: page + 1, PageDown: page + 1, Home: 1, End: pages }[e.key];
    if (to === undefined || !pages) return;
    e.preventDefault();
    go(to);
  };

  return (
    <div className="pdf-viewer">
      <div className="pdf-viewer__bar" role="toolbar" aria-label={`PDF 翻页与缩放：${title}`}>
        <button type="button" className="btn btn--small" onClick={() => go(page - 1)} disabled={!pages || page <= 1}>
          上一页
        </button>
        <span className="pdf-viewer__count" aria-live="polite">
          {pages ? `第 ${page} / ${pages} 页` : 'PDF 加载中…'}
        </span>
        <button type="button" className="btn btn--small" onClick={() => go(page + 1)} disabled={!pages || page >= pages}>
          下一页
        </button>
        <PageJump key={page} page={page} pages={pages} onGo={go} />
        <span className="pdf-viewer__zoom">
          <button type="button" className="btn btn--small" onClick={() => zoomBy(-ZOOM_STEP)} disabled={!pages || (scale ?? 1) <= MIN_ZOOM} aria-label="缩小">
            −
          </button>
          <span aria-label={`缩放 ${shown}%`}>{shown}%</span>
          <button type="button" className="btn btn--small" onClick={() => zoomBy(ZOOM_STEP)} disabled={!pages || (scale ?? 1) >= MAX_ZOOM} aria-label="放大">
            +
          </button>
          <button type="button" className="btn btn--small" onClick={() => setFit(true)} aria-pressed={fit} disabled={!pages}>
            适合宽度
          </button>
        </span>
      </div>
      <div
        ref={stage}
        className="pdf-viewer__stage"
        tabIndex={0}
        role="region"
        aria-label={pages ? `${title}，第 ${page} / ${pages} 页` : title}
        aria-describedby={hintId}
        aria-busy={!pages}
        aria-keyshortcuts="ArrowLeft ArrowRight PageUp PageDown Home End"
        onKeyDown={onKey}
      >
        <div
          className="pdf-viewer__page"
          style={
            {
              '--total-scale-factor': scale ?? 1,
              width: base && scale ? Math.floor(base.width * scale) : undefined,
              height: base && scale ? Math.floor(base.height * scale) : undefined,
            } as CSSProperties
          }
        >
          <canvas ref={canvas} className="pdf-viewer__canvas" aria-hidden="true" />
          <div ref={text} className="textLayer" />
        </div>
      </div>
      <p id={hintId} className="pdf-viewer__hint">
        在文档上按 ← → 或 PageUp / PageDown 翻页，Home / End 到首页或末页。
      </p>
    </div>
  );
}

/** The page-number field: a number outside the document is refused with a message, the input kept. */
function PageJump({ page, pages, onGo }: { page: number; pages: number; onGo(p: number): void }) {
  const [value, setValue] = useState(String(page));
  const [error, setError] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > pages) {
      setError(`请输入 1 到 ${pages} 之间的页码`);
      return;
    }
    setError('');
    onGo(n);
  };
  return (
    <form className="pdf-viewer__jump" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-page`}>跳至</label>
      <input
        id={`${id}-page`}
        type="text"
        inputMode="numeric"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        disabled={!pages}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        size={3}
      />
      <span>页</span>
      <button type="submit" className="btn btn--small" disabled={!pages}>
        跳转
      </button>
      {error && (
        <span id={`${id}-error`} className="pdf-viewer__error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
