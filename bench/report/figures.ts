import type { BenchResults } from './results';

// Every figure of a run as one flat record: what the report plots, what history.jsonl keeps and
// what `compare` divides. A figure is named by part, what was measured, the series (renderer,
// config, peer, database…) and the node count where there is one.

export interface Figure {
  part: 'browser' | 'peers' | 'engine' | 'server' | 'layout';
  figure: string;
  series: string;
  nodes?: number;
  value: number;
  unit: string;
  range?: [number, number];
  /** The measurement did not finish in its time limit; value is that limit. */
  timeout?: boolean;
  /** The tree of the layout benchmark's corpus the figure was measured on. */
  tree?: string;
}

export const figureKey = (f: Pick<Figure, 'part' | 'figure' | 'series' | 'nodes'>): string =>
  `${f.part} | ${f.figure} | ${f.series}${f.nodes !== undefined ? ` | ${f.nodes}` : ''}`;

const cfg = (r: { gpu?: string; cpuThrottle?: number }) => `${r.gpu ?? 'swiftshader'}${(r.cpuThrottle ?? 1) > 1 ? ` cpu÷${r.cpuThrottle}` : ''}`;

/** The browser plots' measurements: [figure name, row field, unit]. */
export const BROWSER_FIGURES = [
  ['open', 'openMs', 'ms'],
  ['edit', 'editMs', 'ms'],
  ['heap', 'heapMB', 'MB'],
  ['pan p95 frame', 'panP95', 'ms'],
] as const;

/**
 * The editor ops of the browser part (worker backend only; bench-page.ts editorOps): [figure name,
 * row field, unit, plot]. Rows from before them have none.
 */
export const EDITOR_FIGURES = [
  ['find many', 'findManyMs', 'ms', 'find'],
  ['find one', 'findOneMs', 'ms', 'find'],
  ['find folded', 'findFoldedMs', 'ms', 'find'],
  ['collapse all', 'collapseAllMs', 'ms', 'fold'],
  ['expand all', 'expandAllMs', 'ms', 'fold'],
  ['rename one topic', 'renameMs', 'ms', 'edit'],
  ['export .km', 'exportKmMs', 'ms', 'export'],
  ['export .txt', 'exportTxtMs', 'ms', 'export'],
  ['export .xmind', 'exportXmindMs', 'ms', 'export'],
  ['heap with editor', 'heapEditorMB', 'MB', 'heap'],
] as const;

/** The layout comparison: the engine's full layout against the reference layouts, on the same wide maps. */
export const LAYOUT_CASES: Record<string, string> = {
  'full layout default (sizes cached)': 'xuetu engine',
  'd3-flextree (same tree, reference)': 'd3-flextree',
  'elkjs mrtree (same tree)': 'elkjs mrtree',
};

export function figuresOf(res: BenchResults): Figure[] {
  const out: Figure[] = [];
  for (const r of res.browser) {
    const series = `xuetu ${r.renderer}/${r.labels} · ${cfg(r)}`;
    for (const [figure, field, unit] of BROWSER_FIGURES) {
      const range = (r as unknown as Record<string, [number, number] | undefined>)[`${field}Range`];
      out.push({ part: 'browser', figure, series, nodes: r.nodes, value: r[field], unit, range });
    }
    for (const [figure, field, unit] of EDITOR_FIGURES) {
      const value = r[field];
      if (value === undefined || value === null || !Number.isFinite(value)) continue;
      const range = (r as unknown as Record<string, [number, number] | undefined>)[`${field}Range`];
      out.push({ part: 'browser', figure, series, nodes: r.nodes, value, unit, range });
    }
  }
  for (const r of res.peers) {
    // The renderer without its explanation; Xuetu's own row says it came through the peers harness.
    const short = r.renderer.replace(/ \(.*$/, '') || '?';
    const series = `${r.peer} ${short} · ${cfg(r)}${r.peer === 'xuetu' ? ' · peers harness' : ''}`;
    for (const [figure, field, unit] of BROWSER_FIGURES) {
      const value = r[field];
      // A timeout is a point at the time limit on the plot of the measurement that ran out of time.
      if (r.status === 'timeout') {
        if (figure === (r.phase ?? 'open')) out.push({ part: 'peers', figure, series, nodes: r.nodes, value: r.timeoutMs, unit, timeout: true });
      } else if (Number.isFinite(value)) out.push({ part: 'peers', figure, series, nodes: r.nodes, value, unit, range: r[`${field}Range`] });
    }
  }
  for (const r of res.engine) {
    const series = LAYOUT_CASES[r.case] ? `${LAYOUT_CASES[r.case]} (${r.shape})` : r.shape;
    out.push({ part: 'engine', figure: LAYOUT_CASES[r.case] ? 'layout' : r.case, series, nodes: r.nodes, value: r.ms, unit: 'ms', range: r.range });
  }
  for (const r of res.layout?.rows ?? []) {
    const series = `${r.layout} · ${r.tree}`;
    if (r.status === 'timeout')
      out.push({ part: 'layout', figure: 'full layout', series, tree: r.tree, nodes: r.nodes, value: r.fullMs!, unit: 'ms', timeout: true });
    if (r.status !== 'ok') continue;
    out.push({ part: 'layout', figure: 'full layout', series, tree: r.tree, nodes: r.nodes, value: r.fullMs!, unit: 'ms', range: r.fullMsRange });
    out.push({ part: 'layout', figure: `insert relayout`, series, tree: r.tree, nodes: r.nodes, value: r.insertMs!, unit: 'ms', range: r.insertMsRange });
    out.push({ part: 'layout', figure: 'heap', series, tree: r.tree, nodes: r.nodes, value: r.heapMB!, unit: 'MB' });
    // (boxes on top of each other fill more than their bounding box: no figure to plot beside real layouts)
    if (!r.quality!.overlaps) out.push({ part: 'layout', figure: 'fill', series, tree: r.tree, nodes: r.nodes, value: r.quality!.fill, unit: 'ratio' });
  }
  for (const r of res.server) {
    const series = `${r.database} ×${r.processes} · ${r.mix}`;
    out.push({ part: 'server', figure: 'req/s', series, value: r.reqPerSec, unit: 'req/s', range: r.reqPerSecRange });
    out.push({ part: 'server', figure: 'p99', series, value: r.p99Ms, unit: 'ms' });
  }
  return out;
}
