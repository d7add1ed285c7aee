import { useEffect, useRef, useState, type RefObject } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { DOCUMENT_OPTIONS, loadPdfJs } from './pdf-loader';

export type PdfDocState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; doc: PDFDocumentProxy; pages: number };

/** Opens the document at `src` (pdf.js, lazily loaded); destroyed when the source changes or the viewer goes. */
export function usePdfDocument(src: string): PdfDocState {
  const [state, setState] = useState<PdfDocState>({ status: 'loading' });
  useEffect(() => {
    let gone = false;
    let destroy = () => {};
    setState({ status: 'loading' });
    loadPdfJs()
      .then((pdfjs) => {
        if (gone) return null;
        const task = pdfjs.getDocument({ url: src, ...DOCUMENT_OPTIONS });
        destroy = () => void task.destroy();
        return task.promise;
      })
      .then(
        (doc) => {
          if (doc && !gone) setState({ status: 'ready', doc, pages: doc.numPages });
        },
        () => {
          if (!gone) setState({ status: 'error' });
        },
      );
    return () => {
      gone = true;
      destroy();
    };
  }, [src]);
  return state;
}

export interface PageLayers {
  canvas: RefObject<HTMLCanvasElement | null>;
  text: RefObject<HTMLDivElement | null>;
}

export type PageSize = { width: number; height: number };

export interface PageEvents {
  /** the page's size at scale 1 (PDF points), which fitting to width needs */
  onSize(size: PageSize): void;
  onError(): void;
}

/**
 * Draws one page at `scale` CSS pixels per PDF point: the canvas at the screen's pixel density,
 * and pdf.js's text layer over it (transparent, selectable text that screen readers and find-in-page
 * read). A newer page or scale cancels the drawing in progress. With no scale yet (fit to width
 * before the size is known) it only reports the size.
 */
export function usePdfPage(doc: PDFDocumentProxy | null, pageNo: number, scale: number | null, layers: PageLayers, events: PageEvents): void {
  const eventsRef = useRef(events);
  eventsRef.current = events;

  useEffect(() => {
    if (!doc) return;
    let gone = false;
    let cancel = () => {};
    void (async () => {
      try {
        const [pdfjs, page] = await Promise.all([loadPdfJs(), doc.getPage(pageNo)]);
        if (gone) return;
        const unit = page.getViewport({ scale: 1 });
        eventsRef.current.onSize({ width: unit.width, height: unit.height });
        const canvas = layers.canvas.current;
        const text = layers.text.current;
        if (scale === null || !canvas || !text) return;
        const viewport = page.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        const render = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        text.replaceChildren();
        const textLayer = new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport });
        cancel = () => {
          render.cancel();
          textLayer.cancel();
        };
        await Promise.all([render.promise, textLayer.render()]);
      } catch (e) {
        // A cancelled drawing was replaced by a newer one; anything else means the page cannot be shown.
        if (!gone && !(e instanceof Error && e.name === 'RenderingCancelledException') && !(e instanceof Error && e.name === 'AbortException'))
          eventsRef.current.onError();
      }
    })();
    return () => {
      gone = true;
      cancel();
    };
  }, [doc, pageNo, scale]);
}
