import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Join } from './live-paint-setup';

// The figures of the bench: a row per map size and member count, its line in the table, the results file.

export interface LivePaintRow {
  topics: number;
  members: number;
  rounds: number;
  /** set sent (saveChanges request starts) → the page has rendered the new title (epoch clocks of both processes, the page's offset measured) */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** the same rounds timed on Node's clock alone, to the page's report arriving over CDP (the hop included): a check on the clocks */
  cdpP95Ms: number;
  /** rounds whose title was not painted within ROUND_TIMEOUT_MS (left out of the quantiles) */
  missed: number;
  /** medians per stage, ms: send → `set` frame at the page; → mapChanges asked; its answer; → frame rendered (worker apply, patch, wait for the frame), of which → the worker answered; the render */
  stages: { toPage: number; toFetch: number; fetch: number; toFrame: number; worker: number; render: number };
  /** the page's join for this map size: navigation → map painted and socket welcomed (median of the opens) */
  joinMs: number;
  /** of the join: navigation → showMind asked, its answer, → map painted (worker load, layout, first frame); the median open's */
  joinStages: { toShowMind: number; showMind: number; toPaint: number };
  /** the server's heap for the open map (NaN without --expose-gc) */
  serverHeapMb: number;
}

const quantile = (xs: number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN);
export const round1 = (x: number) => Math.round(x * 10) / 10;

/** A member count's row from its rounds' timings (ms); the server's heap is filled in once the map size is done. */
export function livePaintRow(
  at: { topics: number; members: number; rounds: number; missed: number; join: Join },
  latencies: number[],
  viaCdp: number[],
  stages: Record<keyof LivePaintRow['stages'], number[]>,
): LivePaintRow {
  const { topics, members, rounds, missed, join } = at;
  return {
    topics,
    members,
    rounds,
    p50Ms: round1(quantile(latencies, 0.5)),
    p95Ms: round1(quantile(latencies, 0.95)),
    maxMs: round1(Math.max(...latencies)),
    cdpP95Ms: round1(quantile(viaCdp, 0.95)),
    missed,
    stages: {
      toPage: round1(quantile(stages.toPage, 0.5)),
      toFetch: round1(quantile(stages.toFetch, 0.5)),
      fetch: round1(quantile(stages.fetch, 0.5)),
      toFrame: round1(quantile(stages.toFrame, 0.5)),
      worker: round1(quantile(stages.worker, 0.5)),
      render: round1(quantile(stages.render, 0.5)),
    },
    joinMs: Math.round(join.total),
    joinStages: { toShowMind: Math.round(join.toShowMind), showMind: Math.round(join.showMind), toPaint: Math.round(join.toPaint) },
    serverHeapMb: NaN,
  };
}

/** bench/results/live-paint.json: the rows and what they were measured with. */
export function writeLivePaintResults(glRenderer: string, presenceMs: number, warmUp: number, rows: LivePaintRow[]): void {
  const out = resolve(dirname(fileURLToPath(import.meta.url)), '../results/live-paint.json');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), glRenderer, presenceMs, warmUp, rows }, null, 2));
}

export const formatLivePaintRow = (r: LivePaintRow) =>
  `${String(r.topics).padStart(6)} topics · ${String(r.members).padStart(2)} members · sent → painted p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms${r.missed ? ` (${r.missed} missed)` : ''} (p95 via CDP ${r.cdpP95Ms}) · ` +
  `stages ${r.stages.toPage} / ${r.stages.toFetch} / ${r.stages.fetch} / ${r.stages.toFrame} (worker ${r.stages.worker}) / ${r.stages.render} ms · join ${r.joinMs} ms (${r.joinStages.toShowMind} / ${r.joinStages.showMind} / ${r.joinStages.toPaint})` +
  (Number.isNaN(r.serverHeapMb) ? '' : ` · server heap +${r.serverHeapMb} MB`);

export function printLivePaintTable(rows: LivePaintRow[]): void {
  console.log('\nLive co-editing in the browser (one process, PGlite, loopback; one Chromium page, the other members Node sockets):');
  console.log(
    'a rename saved (saveChanges) → painted on the page; stages (medians): → set frame at the page / → mapChanges asked / its answer / → frame (worker apply, of it → the worker answered; patch; next frame) / render',
  );
  console.log('join: navigation → map painted, socket welcomed (→ showMind asked / its answer / → painted)');
  for (const r of rows) console.log(formatLivePaintRow(r));
  if (rows.some((r) => Number.isNaN(r.serverHeapMb))) console.log('server heap: n/a (NODE_OPTIONS=--expose-gc)');
}
