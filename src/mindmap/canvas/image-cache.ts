import { ImageSource, Texture } from 'pixi.js';

// Node images as textures, loaded once per URL. Our own uploads are served only to their owner,
// so an <img> (which sends no Authorization header) cannot load them: the editor injects a loader
// that fetches them through their signed URL and decodes with createImageBitmap. The canvas only
// asks for a texture and repaints when one arrives.

/** `allowTainted`: the Canvas renderer can draw a cross-origin image served without CORS; WebGL cannot. */
export type ImageLoader = (url: string, allowTainted: boolean) => Promise<ImageBitmap | HTMLImageElement | HTMLCanvasElement>;

/** Without an injected loader: a plain fetch (same-origin cookies), decoded off the main thread. */
export const fetchImage: ImageLoader = async (url) => {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return createImageBitmap(await res.blob());
};

type Entry = { state: 'loading' } | { state: 'ready'; texture: Texture } | { state: 'failed' };

export class ImageCache {
  private entries = new Map<string, Entry>();
  allowTainted = false;

  constructor(
    private loader: ImageLoader,
    private readonly onReady: () => void,
  ) {}

  setLoader(loader: ImageLoader): void {
    this.loader = loader;
    // Failed loads may succeed with the new loader (e.g. one that sends the token).
    for (const [url, e] of this.entries) if (e.state === 'failed') this.entries.delete(url);
  }

  /** The texture of `url`, or null while loading ('loading') or after a failure ('failed'). */
  get(url: string): Texture | 'loading' | 'failed' {
    const e = this.entries.get(url);
    if (e) return e.state === 'ready' ? e.texture : e.state;
    this.entries.set(url, { state: 'loading' });
    this.loader(url, this.allowTainted).then(
      (img) => {
        this.entries.set(url, { state: 'ready', texture: new Texture({ source: new ImageSource({ resource: img }) }) });
        this.onReady();
      },
      () => {
        this.entries.set(url, { state: 'failed' });
        this.onReady();
      },
    );
    return 'loading';
  }

  destroy(): void {
    for (const e of this.entries.values()) if (e.state === 'ready') e.texture.destroy(true);
    this.entries.clear();
  }
}
