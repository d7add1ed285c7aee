import { createHash } from 'node:crypto';

/**
 * Cover pictures for courses and cases, drawn as SVG when the content is seeded (no canvas library
 * on the server): a gradient in the topic's colours, a simple motif of the topic (code, a browser,
 * a chart, a network, a board, a phone, a sensor), a pattern that differs per item, and the title
 * as text. 16:9, one vector for every size the cards and detail heroes need.
 */
export type CoverMotif = 'code' | 'web' | 'chart' | 'network' | 'board' | 'phone' | 'sensor' | 'terminal';

export interface CoverSpec {
  /** stable id: picks the pattern and the shade, so two items of one topic still differ */
  id: string;
  title: string;
  motif: CoverMotif;
  /** two gradient stops, #rrggbb */
  colors: readonly [string, string];
}

export const COVER_W = 480;
export const COVER_H = 270;

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A number in [0, 1) from the id and a salt: the same id always draws the same cover. */
function unit(id: string, salt: number): number {
  return createHash('sha256').update(`${salt}:${id}`).digest().readUInt32BE(0) / 2 ** 32;
}

const MOTIFS: Record<CoverMotif, string> = {
  code: '<path d="M-34 -26 L-62 0 L-34 26 M34 -26 L62 0 L34 26 M14 -40 L-14 40" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>',
  web: '<rect x="-70" y="-48" width="140" height="96" rx="10" fill="none" stroke="#fff" stroke-width="8"/><path d="M-70 -24 H70" stroke="#fff" stroke-width="8"/><circle cx="-54" cy="-36" r="5" fill="#fff"/><circle cx="-38" cy="-36" r="5" fill="#fff"/><rect x="-54" y="-8" width="50" height="40" rx="4" fill="#fff" opacity=".8"/><path d="M8 -2 H54 M8 14 H54 M8 30 H40" stroke="#fff" stroke-width="7" stroke-linecap="round"/>',
  chart:
    '<path d="M-66 50 H70 M-66 50 V-54" stroke="#fff" stroke-width="7" stroke-linecap="round"/><rect x="-50" y="10" width="22" height="34" fill="#fff" opacity=".85"/><rect x="-18" y="-16" width="22" height="60" fill="#fff" opacity=".85"/><rect x="14" y="-38" width="22" height="82" fill="#fff" opacity=".85"/><path d="M-50 -10 L-10 -36 L24 -50 L60 -70" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>',
  network:
    '<g stroke="#fff" stroke-width="4" opacity=".9"><path d="M-60 -40 L0 -50 M-60 -40 L0 0 M-60 -40 L0 50 M-60 0 L0 -50 M-60 0 L0 0 M-60 0 L0 50 M-60 40 L0 -50 M-60 40 L0 0 M-60 40 L0 50 M0 -50 L60 -20 M0 0 L60 -20 M0 50 L60 -20 M0 -50 L60 20 M0 0 L60 20 M0 50 L60 20"/></g><g fill="#fff"><circle cx="-60" cy="-40" r="11"/><circle cx="-60" cy="0" r="11"/><circle cx="-60" cy="40" r="11"/><circle cx="0" cy="-50" r="11"/><circle cx="0" cy="0" r="11"/><circle cx="0" cy="50" r="11"/><circle cx="60" cy="-20" r="11"/><circle cx="60" cy="20" r="11"/></g>',
  board:
    '<g fill="none" stroke="#fff" stroke-width="6"><rect x="-72" y="-50" width="144" height="100" rx="8"/></g><g fill="#fff"><rect x="-60" y="-36" width="56" height="12" rx="6"/><rect x="-40" y="-14" width="70" height="12" rx="6" opacity=".85"/><rect x="-10" y="8" width="62" height="12" rx="6" opacity=".75"/><rect x="20" y="30" width="40" height="12" rx="6" opacity=".65"/></g>',
  phone:
    '<rect x="-38" y="-64" width="76" height="128" rx="14" fill="none" stroke="#fff" stroke-width="8"/><path d="M-12 -52 H12" stroke="#fff" stroke-width="6" stroke-linecap="round"/><path d="M-14 6 L-4 18 L18 -10" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/><circle cx="0" cy="50" r="6" fill="#fff"/>',
  sensor:
    '<rect x="-24" y="-6" width="48" height="62" rx="8" fill="#fff" opacity=".9"/><g fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"><path d="M-22 -24 A32 32 0 0 1 22 -24"/><path d="M-42 -40 A58 58 0 0 1 42 -40"/><path d="M-62 -56 A84 84 0 0 1 62 -56"/></g>',
  terminal:
    '<rect x="-72" y="-50" width="144" height="100" rx="10" fill="#000" opacity=".35"/><rect x="-72" y="-50" width="144" height="100" rx="10" fill="none" stroke="#fff" stroke-width="6"/><path d="M-52 -22 L-30 -4 L-52 14" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/><path d="M-18 18 H30" stroke="#fff" stroke-width="8" stroke-linecap="round"/>',
};

/** Breaks a title into at most two lines that fit the cover (CJK counts 1, Latin about half). */
export function titleLines(title: string, maxWidth = 12): string[] {
  const chars = [...title.trim()];
  const width = (c: string) => (/[\u2E80-\uFFFF]/.test(c) ? 1 : 0.55);
  const lines: string[] = [];
  let line = '';
  let w = 0;
  for (const c of chars) {
    if (w + width(c) > maxWidth && line) {
      lines.push(line);
      line = '';
      w = 0;
    }
    line += c;
    w += width(c);
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  return [lines[0]!, `${[...lines[1]!].slice(0, -1).join('')}…`];
}

export function coverSvg(spec: CoverSpec): string {
  const [from, to] = spec.colors;
  const angle = Math.round(unit(spec.id, 1) * 90);
  // A ring pattern placed per item: same topic, different picture.
  const rings = Array.from({ length: 4 }, (_, i) => {
    const cx = Math.round(unit(spec.id, 10 + i) * COVER_W);
    const cy = Math.round(unit(spec.id, 20 + i) * COVER_H);
    const r = 30 + Math.round(unit(spec.id, 30 + i) * 90);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="${10 + i * 4}"/>`;
  }).join('');
  const lines = titleLines(spec.title);
  const size = lines.some((l) => [...l].length > 9) ? 30 : 34;
  const top = lines.length === 1 ? 196 : 176;
  const text = lines.map((l, i) => `<text x="32" y="${top + i * (size + 8)}" font-size="${size}" font-weight="700">${escapeXml(l)}</text>`).join('');
  const motifScale = (0.9 + unit(spec.id, 40) * 0.25).toFixed(2);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_W} ${COVER_H}" width="${COVER_W}" height="${COVER_H}" role="img">`,
    `<title>${escapeXml(spec.title)}</title>`,
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${COVER_W}" height="${COVER_H}" fill="url(#g)"/>`,
    rings,
    `<g transform="translate(376 92) scale(${motifScale})" opacity=".92">${MOTIFS[spec.motif]}</g>`,
    `<g font-family="'Noto Sans CJK SC','Noto Sans SC','PingFang SC','Microsoft YaHei',sans-serif" fill="#fff">`,
    // No category pill in the picture: the cards lay their own tag (学习中, the category) over
    // this corner, and the pages print the category beside the cover.
    text,
    '</g></svg>',
  ].join('');
}

/** The ETag and URL version of an SVG: a short content hash. */
export const coverEtag = (svg: string) => createHash('sha256').update(svg).digest('base64url').slice(0, 16);
