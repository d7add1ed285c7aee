// The worker is emitted by our own build (a same-origin file under assets/), so the CSP's
// worker-src 'self' covers it and nothing is fetched from elsewhere. Importing the URL is cheap:
// the worker itself downloads only when a document is opened.
import type * as PdfJsModule from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof PdfJsModule;
let loading: Promise<PdfJs> | undefined;

/**
 * pdf.js, fetched on first use: only screens that show a PDF call this, so Home and the lists never
 * download it (DESIGN: initial JS budget; tests/e2e/bundle.e2e.ts).
 */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist')
    .then((pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      return pdfjs;
    })
    .catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
  return loading;
}

/**
 * Where pdf.js finds its character maps, which CJK PDFs whose fonts are not embedded need (the
 * seeded handout is one): copied into the build by vite.config.ts, served from node_modules in dev.
 */
export const CMAP_URL = import.meta.env.DEV ? '/node_modules/pdfjs-dist/cmaps/' : '/pdfjs/cmaps/';

/**
 * Options for every document: no eval (the CSP forbids it; pdf.js then interprets fonts instead of
 * compiling them) and the packed CMaps.
 */
export const DOCUMENT_OPTIONS = { isEvalSupported: false, cMapUrl: CMAP_URL, cMapPacked: true } as const;
