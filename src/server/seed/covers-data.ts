import type { Trx } from '../db/database';
import { coverEtag, coverSvg, type CoverMotif } from './cover-art';

/** Gradient pairs per motif; items of one topic take turns, and their ring patterns differ. */
const PALETTES: Record<CoverMotif, readonly (readonly [string, string])[]> = {
  code: [
    ['#4338ca', '#0ea5e9'],
    ['#1e3a8a', '#6366f1'],
    ['#0f766e', '#22d3ee'],
  ],
  web: [
    ['#ea580c', '#f59e0b'],
    ['#be123c', '#fb7185'],
    ['#c2410c', '#eab308'],
  ],
  chart: [
    ['#047857', '#34d399'],
    ['#0f766e', '#84cc16'],
    ['#065f46', '#0ea5e9'],
  ],
  network: [
    ['#6d28d9', '#ec4899'],
    ['#7c3aed', '#22d3ee'],
    ['#581c87', '#f472b6'],
  ],
  board: [
    ['#334155', '#0ea5e9'],
    ['#1e293b', '#f97316'],
    ['#475569', '#14b8a6'],
  ],
  phone: [
    ['#0891b2', '#2dd4bf'],
    ['#0e7490', '#a3e635'],
  ],
  sensor: [
    ['#15803d', '#0ea5e9'],
    ['#166534', '#facc15'],
  ],
  terminal: [
    ['#111827', '#4b5563'],
    ['#1f2937', '#059669'],
  ],
};

/** The motif of a course category or case classification. */
export const TOPIC_MOTIF: Record<string, CoverMotif> = {
  编程基础: 'code',
  Web开发: 'web',
  数据科学: 'chart',
  人工智能: 'network',
  项目管理: 'board',
  'cls-se': 'code',
  'cls-se-web': 'web',
  'cls-se-mobile': 'phone',
  'cls-data': 'chart',
  'cls-data-biz': 'chart',
  'cls-ai': 'network',
  'cls-iot': 'sensor',
};

export interface CoverItem {
  id: string;
  title: string;
  topic: string;
  /** a motif other than the topic's (a Linux practice draws a terminal) */
  motif?: CoverMotif;
}

export const coverUrl = (id: string, etag: string) => `/api/course/cover/${id}?v=${etag}`;

/** Draws and stores one cover per item; answers each item's cover URL. */
export async function seedCovers(trx: Trx, items: readonly CoverItem[]): Promise<Map<string, string>> {
  const turn = new Map<CoverMotif, number>();
  const urls = new Map<string, string>();
  const rows = items.map((it) => {
    const motif = it.motif ?? TOPIC_MOTIF[it.topic] ?? 'code';
    const n = turn.get(motif) ?? 0;
    turn.set(motif, n + 1);
    const palette = PALETTES[motif];
    const svg = coverSvg({ id: it.id, title: it.title, motif, colors: palette[n % palette.length]! });
    const id = `cover-${it.id}`;
    const etag = coverEtag(svg);
    urls.set(it.id, coverUrl(id, etag));
    return { id, svg, etag };
  });
  if (rows.length) await trx.insertInto('covers').values(rows).execute();
  return urls;
}
