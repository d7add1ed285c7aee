import type { FastifyInstance } from 'fastify';

// No inline script anywhere in the app; inline styles are needed by radix (positioning), video.js
// and the pdf.js page (its text layer). Media and images may come from teachers' external links, so
// http(s) is allowed there. pdf.js needs nothing more: its worker is a file of our build
// (worker-src 'self'), it runs without eval (isEvalSupported: false), fetches the PDF and its
// character maps from us (connect-src 'self') and draws on a canvas. No page of ours frames
// anything any more (PDFs are drawn by pdf.js), so nothing may be framed.
const directives = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
];
const CSP = directives.join('; ');
const HEADERS = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

// An SVG opened on its own is a document: it gets nothing to load or run (covers, modules/covers).
const SVG_HEADERS = { ...HEADERS, 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" };

export function installSecurityHeaders(app: FastifyInstance): void {
  // Callback style: on every response, an async hook's promise was measurable under load.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    reply.headers(typeof type === 'string' && type.startsWith('image/svg+xml') ? SVG_HEADERS : HEADERS);
    done(null, payload);
  });
}
