import { PDFString, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { ImportNotice } from './notices';
import type { PdfOp } from './pdf-ops';
import type { PdfPage } from './pdf-pages';

// Topic hyperlinks in the PDF export: a web address (http, https) becomes a /Link annotation
// with a /URI action over the topic's box, so a click in any reader opens it; any other
// address (mailto:, file:, a bare word…) is not made live — readers treat those differently or
// not at all, and a file link would point into the student's own disk — and is listed instead.

type LinkOp = Extract<PdfOp, { kind: 'link' }>;

/** PDF URIs are 7-bit ASCII (PDF 32000 §12.6.4.7): other characters percent-encoded (UTF-8), as are ( ) \ which the string syntax reserves. */
export function asciiUri(uri: string): string {
  let out = '';
  for (const ch of uri.trim()) {
    if (/[()\\]/.test(ch)) out += `%${ch.charCodeAt(0).toString(16).toUpperCase()}`;
    else out += /[\x21-\x7e]/.test(ch) ? ch : encodeURIComponent(ch);
  }
  return out;
}

export class PdfLinks {
  private readonly others = new Set<string>();
  private live = 0;

  constructor(private readonly doc: PDFDocument) {}

  /** The link of `op` on tile `p` (drawn on `page`), clipped to the tile's drawing area. */
  add(page: PDFPage, p: PdfPage, op: LinkOp): void {
    if (!op.live) {
      this.others.add(op.uri);
      return;
    }
    const s = p.scale;
    const ox = p.left - p.view.x * s;
    const oy = p.height - p.top + p.view.y * s;
    const top = p.height - p.top;
    const bottom = top - p.view.h * s;
    const x1 = Math.max(p.left, ox + op.box.x * s);
    const x2 = Math.min(p.left + p.view.w * s, ox + (op.box.x + op.box.w) * s);
    const y1 = Math.max(bottom, oy - (op.box.y + op.box.h) * s);
    const y2 = Math.min(top, oy - op.box.y * s);
    if (x2 <= x1 || y2 <= y1) return;
    const ctx = this.doc.context;
    const annot = ctx.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [x1, y1, x2, y2],
      // no border: the topic's own outline is what the reader sees
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(asciiUri(op.uri)) },
    });
    page.node.addAnnot(ctx.register(annot));
    this.live++;
  }

  notices(): ImportNotice[] {
    if (!this.others.size) return [];
    const list = [...this.others].slice(0, 5).map((u) => `「${u.length > 60 ? u.slice(0, 60) + '…' : u}」`);
    const more = this.others.size > 5 ? ` 等 ${this.others.size} 个` : '';
    return [{ code: 'lost', message: `这些链接不是网页地址（http、https），在 PDF 中不能点击：${list.join('、')}${more}` }];
  }
}
