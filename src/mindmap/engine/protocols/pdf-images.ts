import type { PDFDocument, PDFImage } from 'pdf-lib';
import type { ImportNotice } from './notices';

// Node images in the PDF export: a data URL (in the map, or one the caller read for an address
// the engine cannot: the student's uploads) is embedded when it is a PNG or JPEG. What is not
// embedded is said with its real cause — a web address is never downloaded (the engine reads no
// network; the command line has no page to fetch it), an address nobody read, another format.

type Why = 'web' | 'unread' | 'format';

function dataUrlBytes(url: string): { type: string; bytes: Uint8Array } | null {
  const m = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(url);
  if (!m) return null;
  const raw = m[2] ? atob(m[3]) : decodeURIComponent(m[3]);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return { type: m[1].toLowerCase(), bytes };
}

export class PdfImages {
  private readonly images = new Map<string, PDFImage | null>();
  private readonly lost: Record<Why, number> = { web: 0, unread: 0, format: 0 };

  /** `given`: image URL → its data URL, read by the caller. */
  constructor(
    private readonly doc: PDFDocument,
    private readonly given: Record<string, string> = {},
  ) {}

  /** The embedded image of `href`, null when it cannot be (counted once per address). */
  async of(href: string): Promise<PDFImage | null> {
    if (this.images.has(href)) return this.images.get(href)!;
    let img: PDFImage | null = null;
    const url = href.startsWith('data:') ? href : this.given[href];
    if (url === undefined) this.lost[/^https?:\/\//i.test(href) ? 'web' : 'unread']++;
    else {
      const data = dataUrlBytes(url);
      try {
        if (data?.type === 'image/png') img = await this.doc.embedPng(data.bytes);
        else if (data?.type === 'image/jpeg' || data?.type === 'image/jpg') img = await this.doc.embedJpg(data.bytes);
      } catch {
        img = null;
      }
      if (!img) this.lost.format++;
    }
    this.images.set(href, img);
    return img;
  }

  notices(): ImportNotice[] {
    const { web, unread, format } = this.lost;
    const out: ImportNotice[] = [];
    if (web) out.push({ code: 'lost', message: `${web} 张节点图片是网络图片，导出 PDF 不会下载网络图片，未能放入 PDF（可先把图片上传到导图中）` });
    if (unread) out.push({ code: 'lost', message: `${unread} 张节点图片未能读取，未能放入 PDF` });
    if (format) out.push({ code: 'lost', message: `${format} 张节点图片未能放入 PDF（只支持 PNG、JPEG 图片）` });
    return out;
  }
}
