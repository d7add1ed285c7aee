import fontUrl from '@openfonts/noto-sans-sc_all/files/noto-sans-sc-all-400.woff?url';

// The CJK font the PDF export embeds (Noto Sans SC Regular, SIL OFL 1.1): a 6 MB WOFF built into
// our own assets and fetched the first time a student exports a PDF — never by opening a map,
// never from another site, and never depending on fonts installed on the student's computer.
// The engine (in the worker) subsets it to the characters of the map (protocols/pdf.ts).

export const FONT_FAILED = '无法下载生成 PDF 所需的中文字体，请检查网络后重试（导图没有任何改动）';

let font: Promise<Uint8Array> | undefined;

/** The font's bytes, fetched once per page load (a failed fetch is tried again next time). */
export function pdfFont(get: (url: string) => Promise<Response> = (u) => fetch(u, { credentials: 'same-origin' })): Promise<Uint8Array> {
  font ??= get(fontUrl)
    .then(async (res) => {
      if (!res.ok) throw new Error(`${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    })
    .catch(() => {
      font = undefined;
      throw new Error(FONT_FAILED);
    });
  return font;
}
