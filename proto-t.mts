import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { unzlibSync } from 'fflate';
function woffToSfnt(w: Uint8Array): Uint8Array {
  const v = new DataView(w.buffer, w.byteOffset, w.byteLength);
  const n = v.getUint16(12);
  const tables: { tag: number; off: number; clen: number; olen: number; sum: number }[] = [];
  for (let i = 0; i < n; i++) { const p = 44 + i * 20; tables.push({ tag: v.getUint32(p), off: v.getUint32(p + 4), clen: v.getUint32(p + 8), olen: v.getUint32(p + 12), sum: v.getUint32(p + 16) }); }
  let size = 12 + 16 * n; for (const t of tables) size += (t.olen + 3) & ~3;
  const out = new Uint8Array(size); const o = new DataView(out.buffer);
  o.setUint32(0, v.getUint32(4)); o.setUint16(4, n);
  let es = 0; while (1 << (es + 1) <= n) es++;
  o.setUint16(6, 16 << es); o.setUint16(8, es); o.setUint16(10, n * 16 - (16 << es));
  let pos = 12 + 16 * n;
  tables.forEach((t, i) => {
    const src = w.subarray(t.off, t.off + t.clen);
    const data = t.clen < t.olen ? unzlibSync(src) : src;
    out.set(data, pos);
    const p = 12 + i * 16; o.setUint32(p, t.tag); o.setUint32(p + 4, t.sum); o.setUint32(p + 8, pos); o.setUint32(p + 12, t.olen);
    pos += (t.olen + 3) & ~3;
  });
  return out;
}
let t = performance.now();
const lap = (s: string) => { const n = performance.now(); console.log(s, Math.round(n - t)); t = n; };
const ttf = woffToSfnt(readFileSync('node_modules/@openfonts/noto-sans-sc_all/files/noto-sans-sc-all-400.woff')); lap('unwoff ' + ttf.length);
const f: any = (fontkit as any).create(ttf); lap('create');
const r = f.layout('中心主题 Hello'); lap('layout');
const r2 = f.layout('学习 abc'); lap('layout2');
for (let i = 0; i < 1000; i++) f.layout('节点 ' + i); lap('layout x1000');
const s = f.createSubset(); for (const x of r.glyphs) s.includeGlyph(x); lap('subset');
const out = s.encode(); lap('encode ' + out.length);
