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

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    return payload;
  });
}
