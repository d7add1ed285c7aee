import { Container, Graphics, Sprite } from 'pixi.js';
import type { ImageCache } from './image-cache';
import { imageRect } from './node-content';
import type { SceneNode } from './scene-types';

// Node images of the culled rect: one pooled Sprite per visible image node, at the image's fitted
// size (the engine keeps the aspect ratio inside 200×200). Until the texture arrives, or when it
// cannot be loaded, a light frame with a picture glyph holds its place.

export class ImageLayer {
  readonly root = new Container();
  private frames = new Graphics();
  private sprites = new Map<number, Sprite>();
  private free: Sprite[] = [];
  private seen = new Set<number>();

  constructor(private readonly cache: ImageCache) {
    this.root.addChild(this.frames);
  }

  begin(): void {
    this.seen.clear();
    this.frames.clear();
  }

  place(slot: number, n: SceneNode, x: number, y: number, w: number): void {
    const r = imageRect(n, x, y, w)!;
    const t = this.cache.get(n.image!.url);
    if (typeof t === 'string') {
      const g = this.frames;
      g.rect(r.x, r.y, r.w, r.h).fill(0xf2f2f2).stroke({ color: 0xd0d0d0, width: 1 });
      const cx = r.x + r.w / 2,
        cy = r.y + r.h / 2;
      g.rect(cx - 8, cy - 6, 16, 12).stroke({ color: t === 'failed' ? 0xc0c0c0 : 0x999999, width: 1 });
      g.moveTo(cx - 6, cy + 4)
        .lineTo(cx - 2, cy - 1)
        .lineTo(cx + 1, cy + 2)
        .lineTo(cx + 3, cy)
        .lineTo(cx + 6, cy + 4)
        .stroke({ color: 0x999999, width: 1 });
      return;
    }
    let s = this.sprites.get(slot);
    if (!s) {
      s = this.free.pop() ?? new Sprite();
      this.root.addChild(s);
      this.sprites.set(slot, s);
    }
    if (s.texture !== t) s.texture = t;
    s.visible = true;
    s.position.set(r.x, r.y);
    s.width = r.w;
    s.height = r.h;
    this.seen.add(slot);
  }

  /** Sprites of nodes not placed since begin() go back to the free list. */
  end(): void {
    for (const [slot, s] of this.sprites) {
      if (this.seen.has(slot)) continue;
      s.visible = false;
      this.sprites.delete(slot);
      this.free.push(s);
    }
  }
}
