import type { FastifyInstance } from 'fastify';

// No inline script anywhere in the app; inline styles are needed by radix (positioning) and
// video.js. Media and images may come from teachers' external links, so http(s) is allowed there.
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
// Stored files served inline (PDF handouts, images) may be shown in a frame of our own pages (the
// ProjectContent PDF viewer); everything else may not be framed at all.
const INLINE_FILE_CSP = directives.map((d) => (d.startsWith('frame-ancestors') ? "frame-ancestors 'self'" : d)).join('; ');

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const inlineFile = String(reply.getHeader('Content-Disposition') ?? '').startsWith('inline');
    reply.header('Content-Security-Policy', inlineFile ? INLINE_FILE_CSP : CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', inlineFile ? 'SAMEORIGIN' : 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    return payload;
  });
}
