import { download } from './download';

// A DOM view turned into a PNG (the 大纲 outline image, 我的学习's study report) with
// html-to-image, loaded only when a student exports. Text is drawn with the fonts the page uses
// (the CJK system fonts of global.css; no web fonts to embed); canvases (charts) come along as
// images. Parts marked `data-no-export` (the export button itself) are left out.

/** Widest or tallest canvas a browser reliably allocates; larger views are scaled down to fit. */
const MAX_SIDE = 16_384;

const exported = (node: HTMLElement) => !(node instanceof HTMLElement && node.dataset.noExport !== undefined);

export async function elementToPng(node: HTMLElement, style?: Partial<CSSStyleDeclaration>): Promise<Blob> {
  const { toBlob } = await import('html-to-image');
  const { scrollWidth: w, scrollHeight: h } = node;
  const ratio = Math.max(0.1, Math.min(2, MAX_SIDE / Math.max(w, h, 1)));
  const blob = await toBlob(node, { backgroundColor: '#ffffff', pixelRatio: ratio, width: w, height: h, filter: exported, style, skipAutoScale: true });
  if (!blob) throw new Error('图片生成失败，请重试');
  return blob;
}

/** Renders `node` as a PNG and downloads it as `fileName`. */
export async function downloadElementPng(node: HTMLElement, fileName: string): Promise<void> {
  download(fileName, await elementToPng(node));
}

/**
 * Renders a view built only for the image (never shown): placed off screen while html-to-image
 * reads its styles, back in place in the picture, removed afterwards.
 */
export async function downloadViewPng(view: HTMLElement, fileName: string): Promise<void> {
  Object.assign(view.style, { position: 'fixed', left: '-100000px', top: '0' });
  document.body.appendChild(view);
  try {
    download(fileName, await elementToPng(view, { position: 'static', left: 'auto', top: 'auto' }));
  } finally {
    view.remove();
  }
}
