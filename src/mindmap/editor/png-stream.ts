// A PNG written row by row: the map is rasterised in strips (a 50k-node map is hundreds of
// thousands of pixels tall, far beyond one canvas), each strip's pixels go through the browser's
// CompressionStream ('deflate' is the zlib stream PNG's IDAT wants) and leave as IDAT chunks.
// Memory stays at one strip plus the compressed output.

const CRC = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

export class PngStream {
  private parts: Uint8Array<ArrayBuffer>[] = [];
  private writer: WritableStreamDefaultWriter<BufferSource>;
  private drained: Promise<void>;
  private written = 0;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const ihdr = new Uint8Array(13);
    const v = new DataView(ihdr.buffer);
    v.setUint32(0, width);
    v.setUint32(4, height);
    ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no interlace
    this.parts.push(SIGNATURE, chunk('IHDR', ihdr));
    const zlib = new CompressionStream('deflate');
    this.writer = zlib.writable.getWriter();
    const reader = zlib.readable.getReader();
    this.drained = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        this.parts.push(chunk('IDAT', value));
      }
    })();
  }

  /** Appends `rows` rows of RGBA pixels (each row `width` × 4 bytes). */
  async addRows(rgba: Uint8ClampedArray | Uint8Array, rows: number): Promise<void> {
    const stride = this.width * 4;
    const buf = new Uint8Array(rows * (stride + 1));
    for (let r = 0; r < rows; r++) {
      buf[r * (stride + 1)] = 0; // filter: none
      buf.set(rgba.subarray(r * stride, (r + 1) * stride), r * (stride + 1) + 1);
    }
    this.written += rows;
    await this.writer.write(buf);
  }

  async finish(): Promise<Blob> {
    if (this.written !== this.height) throw new Error(`PNG has ${this.written} of ${this.height} rows`);
    await this.writer.close();
    await this.drained;
    this.parts.push(chunk('IEND', new Uint8Array(0)));
    return new Blob(this.parts, { type: 'image/png' });
  }
}
