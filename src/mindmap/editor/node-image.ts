import { fetchBlob, isCrossOrigin } from './io';

// Node images for the canvas and the insert dialog. Our uploads are served only to their owner
// and an <img> sends no Authorization header, so same-origin images are fetched through their
// short-lived signed URL (io.ts fetchBlob) and decoded with createImageBitmap; images on other
// sites load as <img> with CORS when the site allows it (else, on the Canvas renderer only, without:
// a WebGL texture cannot take a cross-origin image that was not served with CORS).

export type NodeImage = ImageBitmap | HTMLImageElement;

function imgElement(url: string, cors: boolean): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    if (cors) img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('图片加载失败'));
    img.src = url;
  });
}

export async function loadNodeImage(url: string, allowTainted = false): Promise<NodeImage> {
  // An image embedded in the map (an imported .xmind's): the CSP lets <img> read data: URLs but
  // not fetch (connect-src 'self'), and it taints no canvas.
  if (url.startsWith('data:')) return imgElement(url, false);
  if (!isCrossOrigin(url)) return createImageBitmap(await fetchBlob(url));
  try {
    return await imgElement(url, true);
  } catch (e) {
    if (!allowTainted) throw e;
    return imgElement(url, false);
  }
}

const sizeOf = (img: NodeImage): [number, number] => (img instanceof HTMLImageElement ? [img.naturalWidth, img.naturalHeight] : [img.width, img.height]);

/** Said when an image address given in the 图片 dialog does not load (never put on the topic then). */
export const IMAGE_URL_UNREADABLE = '无法加载这个图片地址（地址有误，或该网站不允许引用），请检查后重试';

/**
 * Natural size of an image address being added (the engine fits it into 200×200 keeping its
 * aspect), loaded the way the canvas will load it; null when it does not load — a topic must not
 * get a broken-image box the student did not see coming.
 */
export async function naturalSize(url: string): Promise<[number, number] | null> {
  try {
    const img = await loadNodeImage(url, true);
    const size = sizeOf(img);
    if ('close' in img) img.close();
    return size[0] > 0 && size[1] > 0 ? size : null;
  } catch {
    return null;
  }
}

/** Said when a file picked or pasted as a node's image cannot be decoded (never uploaded then). */
export const IMAGE_UNREADABLE = '无法读取这张图片（文件可能已损坏或不是图片），请换一张';

/** Natural size of an image file, or null when it cannot be decoded (a corrupt or mislabelled file). */
export async function decodedSize(file: Blob): Promise<[number, number] | null> {
  try {
    const img = await createImageBitmap(file);
    const size = sizeOf(img);
    img.close();
    return size[0] > 0 && size[1] > 0 ? size : null;
  } catch {
    return null;
  }
}
