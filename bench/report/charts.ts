import { BROWSER_FIGURES, EDITOR_FIGURES, figureKey, type Figure } from './figures';
import type { HistoryLine } from './history';

// The report's plots as plain data (chart kind, axes, series with points): built in Node so the
// page only hands them to chart.js, and so the test can know which series each plot must show.

export interface Point {
  x: number | string;
  y: number;
  min?: number;
  max?: number;
  timeout?: boolean;
}
export interface Series {
  label: string;
  data: Point[];
}
export interface ChartSpec {
  id: string;
  title: string;
  kind: 'line' | 'bar';
  xTitle: string;
  yTitle: string;
  logX: boolean;
  logY: boolean;
  /** Category labels of a bar or history plot. */
  labels?: string[];
  series: Series[];
}

const point = (f: Figure, x: number | string): Point => ({ x, y: f.value, min: f.range?.[0], max: f.range?.[1], timeout: f.timeout || undefined });

function bySeries(figs: Figure[], label: (f: Figure) => string = (f) => f.series): Series[] {
  const m = new Map<string, Point[]>();
  for (const f of figs) {
    const l = label(f);
    if (!m.has(l)) m.set(l, []);
    m.get(l)!.push(point(f, f.nodes ?? 0));
  }
  return [...m].map(([l, data]) => ({ label: l, data: data.sort((a, b) => Number(a.x) - Number(b.x)) }));
}

const TITLES: Record<string, string> = { open: '打开时间 open', edit: '编辑时间 edit', heap: '堆内存 JS heap', 'pan p95 frame': '平移帧 pan p95' };

export function buildCharts(figs: Figure[], history: HistoryLine[]): ChartSpec[] {
  const charts: ChartSpec[] = [];
  for (const [figure, , unit] of BROWSER_FIGURES) {
    const rows = figs.filter((f) => (f.part === 'browser' || f.part === 'peers') && f.figure === figure);
    if (!rows.length) continue;
    charts.push({
      id: `browser-${figure.replace(/\W+/g, '-')}`,
      title: `${TITLES[figure]} — Xuetu and peers, per renderer and config`,
      kind: 'line',
      xTitle: '节点数 nodes',
      yTitle: unit,
      logX: true,
      logY: true,
      series: bySeries(rows),
    });
  }
  // The editor ops (find, collapse/expand-all, export): one plot per kind, a line per op and series.
  for (const [plot, title] of [
    ['find', '查找 find → first match selected and painted'],
    ['fold', '收起/展开全部 collapse-all / expand-all → painted'],
    ['edit', '改名 one topic renamed → painted'],
    ['export', '导出 export → Blob ready'],
  ] as const) {
    const ops = new Set<string>(EDITOR_FIGURES.filter((e) => e[3] === plot).map((e) => e[0]));
    const rows = figs.filter((f) => f.part === 'browser' && ops.has(f.figure));
    if (!rows.length) continue;
    charts.push({
      id: `editor-${plot}`,
      title: `${title} — through the editor's controller`,
      kind: 'line',
      xTitle: '节点数 nodes',
      yTitle: 'ms',
      logX: true,
      logY: true,
      series: bySeries(rows, (f) => `${f.figure} · ${f.series}`),
    });
  }
  const layout = figs.filter((f) => f.part === 'engine' && f.figure === 'layout' && f.series.endsWith('(wide)'));
  if (layout.length)
    charts.push({
      id: 'layout',
      title: '布局时间 layout: engine vs d3-flextree vs elkjs (wide maps)',
      kind: 'line',
      xTitle: '节点数 nodes',
      yTitle: 'ms',
      logX: true,
      logY: true,
      series: bySeries(layout),
    });
  charts.push(...layoutCharts(figs));
  for (const [figure, title] of [
    ['req/s', '吞吐 API mixes: requests per second'],
    ['p99', '延迟 API mixes: p99 latency'],
  ] as const) {
    const rows = figs.filter((f) => f.part === 'server' && f.figure === figure);
    if (!rows.length) continue;
    const mixOf = (f: Figure) => f.series.split(' · ')[1];
    const labels = [...new Set(rows.map(mixOf))];
    const targets = [...new Set(rows.map((f) => f.series.split(' · ')[0]))];
    charts.push({
      id: `server-${figure === 'p99' ? 'p99' : 'rps'}`,
      title,
      kind: 'bar',
      xTitle: 'mix',
      yTitle: rows[0].unit,
      logX: false,
      logY: false,
      labels,
      series: targets.map((t) => ({ label: t, data: rows.filter((f) => f.series.startsWith(`${t} · `)).map((f) => point(f, mixOf(f))) })),
    });
  }
  const hist = historyChart(history);
  if (hist) charts.push(hist);
  return charts;
}

const LAYOUT_CHARTS = [
  ['full layout', '布局基准 full layout: every layout on every tree of the corpus', true],
  ['insert relayout', '布局基准 relayout after one insert (incremental where the layout has it, else a full layout)', true],
  ['heap', '布局基准 heap: what one full layout allocates (MB, GC before)', false],
  ['fill', '布局基准 fill: box area / bounding-box area (higher = more compact)', false],
] as const;

/** The layout benchmark: one bar per layout for each tree of the corpus (in corpus order). */
function layoutCharts(figs: Figure[]): ChartSpec[] {
  const all = figs.filter((f) => f.part === 'layout');
  const labels = [...new Set(all.map((f) => f.tree ?? ''))];
  const layoutOf = (f: Figure) => f.series.split(' · ')[0];
  return LAYOUT_CHARTS.flatMap(([figure, title, log]) => {
    const rows = all.filter((f) => f.figure === figure);
    if (!rows.length) return [];
    const layouts = [...new Set(rows.map(layoutOf))];
    return [
      {
        id: `layout-${figure.replace(/\W+/g, '-')}`,
        title,
        kind: 'bar' as const,
        xTitle: 'tree',
        yTitle: rows[0].unit,
        logX: false,
        logY: log,
        labels,
        series: layouts.map((l) => ({ label: l, data: rows.filter((f) => layoutOf(f) === l).map((f) => point(f, f.tree ?? '')) })),
      },
    ];
  });
}

/** Headline figures of the last runs, each as a ratio to its value in the oldest shown run (1 = unchanged). */
function historyChart(history: HistoryLine[], lastRuns = 12): ChartSpec | null {
  const runIds = [...new Set(history.map((h) => h.run))].slice(-lastRuns);
  if (runIds.length < 1) return null;
  const runs = runIds.map((id) => history.filter((h) => h.run === id));
  const label = (r: HistoryLine[]) => `${r[0].commit.slice(0, 7)} ${r[0].date.slice(5, 16).replace('T', ' ')}`;
  const labels = runs.map(label);
  // Headlines: open of each browser/peer series at its largest size (edit too for Xuetu's own page),
  // the engine's layout at its largest size, the API mixes on PGlite.
  const latest = runs[runs.length - 1];
  const maxNodes = new Map<string, number>();
  for (const h of latest) if (h.nodes) maxNodes.set(h.part + h.series + h.figure, Math.max(maxNodes.get(h.part + h.series + h.figure) ?? 0, h.nodes));
  const largest = (h: HistoryLine) => h.nodes === maxNodes.get(h.part + h.series + h.figure);
  const headline = latest.filter(
    (h) =>
      (largest(h) && ((h.part === 'browser' && (h.figure === 'open' || h.figure === 'edit')) || (h.part === 'peers' && h.figure === 'open'))) ||
      (largest(h) && h.part === 'engine' && h.figure === 'layout' && h.series === 'xuetu engine (wide)') ||
      (h.part === 'server' && h.figure === 'req/s' && h.series.startsWith('PGlite')),
  );
  const series = headline.map((h) => {
    const key = figureKey(h);
    const base = runs.map((r) => r.find((x) => figureKey(x) === key)?.value).find((v) => v !== undefined)!;
    const data = runs.flatMap((r, i) => {
      const v = r.find((x) => figureKey(x) === key)?.value;
      return v === undefined ? [] : [{ x: labels[i], y: Math.round((v / base) * 1000) / 1000 }];
    });
    return { label: `${h.figure} ${h.series}${h.nodes ? ` @${h.nodes}` : ''}`, data };
  });
  return {
    id: 'history',
    title: `历史 last ${runs.length} runs: ratio to the oldest shown (higher = slower, except req/s)`,
    kind: 'line',
    xTitle: 'run',
    yTitle: 'ratio',
    logX: false,
    logY: true,
    labels,
    series,
  };
}
