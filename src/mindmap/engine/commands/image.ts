import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';
import type { ImageSize } from '../model/types';

export const MAX_IMAGE = 200;

/** Fit into 200×200 keeping the aspect ratio, never enlarging, truncated to integers (reference §6.10). */
export function fitImage(width: number, height: number): ImageSize {
  let w = width;
  let h = height;
  if (w > MAX_IMAGE && w / h > 1) {
    h = (h * MAX_IMAGE) / w;
    w = MAX_IMAGE;
  } else if (h > MAX_IMAGE) {
    w = (w * MAX_IMAGE) / h;
    h = MAX_IMAGE;
  }
  return { width: Math.trunc(w), height: Math.trunc(h) };
}

/**
 * Synchronous, unlike kityminder: the caller (worker/UI) loads the image first and passes its
 * natural size, so the change is one undoable step. An empty url removes the image ('' values).
 */
export const image = {
  name: 'image',
  edits: true,
  run(doc: MindDoc, ids: string | string[], url: string, title = '', naturalWidth = 0, naturalHeight = 0): void {
    for (const id of asIds(ids)) {
      if (!url) {
        doc.set(id, 'image', '');
        doc.set(id, 'imageTitle', '');
        doc.set(id, 'imageSize', '');
        continue;
      }
      doc.set(id, 'image', url);
      doc.set(id, 'imageTitle', title);
      doc.set(id, 'imageSize', fitImage(naturalWidth, naturalHeight));
    }
  },
} satisfies CommandDef;
