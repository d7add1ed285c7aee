import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildCharts } from './charts';
import { figuresOf } from './figures';
import { readHistory, type HistoryLine } from './history';
import { RESULTS_DIR, type BenchResults } from './results';
import type { BrowserRow } from '../browser/run';

// bench/results/report.html: one self-contained page (chart.js and the data inline, opens from
// disk without a server or network) with the plots, the peers table and the run's machine,
// browser, flags and commit.

const require = createRequire(import.meta.url);
const CHART_JS = () => readFileSync(join(dirname(require.resolve('chart.js')), 'chart.umd.min.js'), 'utf8');

const esc = (s: unknown) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
// Data goes into a <script> element: "</" must not close it early.
const inlineJson = (x: unknown) => JSON.stringify(x).replace(/<\//g, '<\\/');

const shortGl = (gl: string) => (/swiftshader/i.test(gl) ? 'SwiftShader' : gl.replace(/^ANGLE \((.*)\)$/, '$1').slice(0, 48));

function peersTable(res: BenchResults): string {
  if (!res.peers.length) return '<p>未运行 peers (npm run bench -- peers)</p>';
  const head = ['editor', 'version', 'renderer / options', 'config', 'WebGL', 'nodes', 'status', 'open ms', 'edit ms', 'pan p95 ms', 'heap MB', 'runs'];
  const cell = (v: number | undefined, r?: [number, number]) =>
    v === undefined || !Number.isFinite(v) ? '—' : r ? `${v} <small>[${r[0]}–${r[1]}]</small>` : String(v);
  const rows = res.peers.map(
    (p) =>
      `<tr class="${p.status}"><td>${esc(p.peer)}</td><td>${esc(p.version)}</td><td>${esc(p.renderer)}: ${esc(p.options)}</td><td>${esc(p.gpu)}${p.cpuThrottle > 1 ? ` cpu÷${p.cpuThrottle}` : ''}</td>` +
      `<td>${esc(shortGl(p.glRenderer))}</td><td>${p.nodes}</td><td>${p.status === 'ok' ? 'ok' : `${p.status === 'timeout' ? '超时 timeout' : '错误 error'} ${esc(p.note ?? '')}`}</td>` +
      `<td>${cell(p.openMs, p.openMsRange)}</td><td>${cell(p.editMs, p.editMsRange)}</td><td>${cell(p.panP95, p.panP95Range)}</td><td>${cell(p.heapMB, p.heapMBRange)}</td><td>${p.runs}</td></tr>`,
  );
  return `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The browser part's editor ops (find, collapse/expand-all, export through the controller), one row per size and config. */
function editorOpsTable(res: BenchResults): string {
  const rows = res.browser.filter((r) => r.findManyMs !== undefined && r.findManyMs !== null);
  if (!rows.length) return '<p>未测 editor ops (npm run bench -- browser, worker backend)</p>';
  const head = [
    'nodes',
    'config',
    'find many ms (matches)',
    'find one ms',
    'find folded ms',
    'collapse-all ms',
    'expand-all ms',
    'export .km ms (KB)',
    'export .txt ms (KB)',
    'export .xmind ms (KB)',
    'heap MB / with editor',
    'runs',
  ];
  const num = (v: number | null | undefined) => (v === undefined || v === null || !Number.isFinite(v) ? '—' : String(v));
  const cell = (r: BrowserRow, k: keyof BrowserRow & string, extra?: number | null) => {
    const range = (r as unknown as Record<string, [number, number] | undefined>)[`${k}Range`];
    const v = r[k] as number | undefined;
    return `${num(v)}${range ? ` <small>[${range[0]}–${range[1]}]</small>` : ''}${extra !== undefined ? ` <small>(${num(extra)})</small>` : ''}`;
  };
  const body = rows.map(
    (r) =>
      `<tr><td>${r.nodes}</td><td>${esc(r.renderer)}/${esc(r.labels)} · ${esc(r.gpu ?? 'swiftshader')}${(r.cpuThrottle ?? 1) > 1 ? ` cpu÷${r.cpuThrottle}` : ''}</td>` +
      `<td>${cell(r, 'findManyMs', r.findManyMatches)}</td><td>${cell(r, 'findOneMs')}</td><td>${cell(r, 'findFoldedMs')}</td>` +
      `<td>${cell(r, 'collapseAllMs')}</td><td>${cell(r, 'expandAllMs')}</td>` +
      `<td>${cell(r, 'exportKmMs', r.exportKmKB)}</td><td>${cell(r, 'exportTxtMs', r.exportTxtKB)}</td><td>${cell(r, 'exportXmindMs', r.exportXmindKB)}</td>` +
      `<td>${num(r.heapMB)} / ${num(r.heapEditorMB)}</td><td>${r.runs ?? 1}</td></tr>`,
  );
  return `<p>Through the editor's own controller on the same page after the open/edit/pan figures: find = a fresh find bar's search to the first match selected, centred and painted (folded: after collapse-all, its ancestors opened); collapse-all = Alt+1 (expandToLevel 1), expand-all = Alt+\` (expandToLevel 9999), to the painted frame; export = the export menu's call to the Blob ready.</p>
<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`;
}

/** The layout benchmark's table: every layout on every tree, with the quality checks and what was not run. */
function layoutTable(res: BenchResults): string {
  const l = res.layout;
  if (!l) return '<p>未运行 layout (npm run bench -- layout)</p>';
  const head = ['tree', 'nodes', 'layout', 'full ms', 'insert ms', 'heap MB', 'overlaps', 'side errors', 'order errors', 'W×H px', 'fill', 'aspect', 'status'];
  const cell = (v: number | undefined, r?: [number, number]) => (v === undefined ? '—' : r ? `${v} <small>[${r[0]}–${r[1]}]</small>` : String(v));
  const rows = l.rows.map((r) => {
    const q = r.quality;
    const bad = q && (q.overlaps || q.sideErrors || q.orderErrors || q.missing);
    return (
      `<tr class="${r.status}${bad ? ' error' : ''}"><td>${esc(r.tree)}</td><td>${r.nodes}</td><td>${esc(r.layout)}</td><td>${cell(r.fullMs, r.fullMsRange)}</td>` +
      `<td>${cell(r.insertMs, r.insertMsRange)}${r.insertMs !== undefined && r.insertMode === 'full relayout' ? ' <small>(full)</small>' : ''}</td><td>${cell(r.heapMB)}</td>` +
      `<td>${cell(q?.overlaps)}</td><td>${cell(q?.sideErrors)}</td><td>${cell(q?.orderErrors)}</td><td>${q ? `${q.width}×${q.height}` : '—'}</td><td>${cell(q?.fill)}</td><td>${cell(q?.aspect)}</td>` +
      `<td>${esc(r.status)}${r.note && r.status !== 'ok' ? ` <small>${esc(r.note)}</small>` : ''}</td></tr>`
    );
  });
  const notes = l.layouts.map((x) => `<li><b>${esc(x.name)}</b>: ${esc(x.note ?? '')}</li>`).join('');
  const corpus = l.corpus.map((c) => `<li>${esc(c.name)} (${c.nodes} nodes, depth ${c.depth}): ${esc(c.source)}; licence: ${esc(c.licence)}</li>`).join('');
  return `<ul>${notes}</ul><p>insert ms <small>(full)</small>: no incremental mode, a full layout after the insert. Time limit ${l.timeoutMs} ms per layout; Node ${esc(l.node)}.</p>
<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>
<details><summary>corpus (bench/layout/corpus/README.md)</summary><ul>${corpus}</ul></details>`;
}

function metaBlock(res: BenchResults): string {
  const m = res.meta;
  const flags = Object.entries(m.flags)
    .map(([g, f]) => `<li><b>${esc(g)}</b>: <code>${esc(f.join(' '))}</code></li>`)
    .join('');
  const gl = [...new Set([...res.browser, ...res.peers].map((r) => `${r.gpu ?? 'swiftshader'} → ${r.glRenderer ?? '?'}`))].map(esc).join('; ');
  return `<dl>
<dt>commit</dt><dd><code>${esc(m.commit)}${m.dirty ? ' (uncommitted changes)' : ''}</code> · ${esc(m.date)}</dd>
<dt>machine</dt><dd>${m.machine.cores}× ${esc(m.machine.cpu)}, ${m.machine.memGB} GB, ${esc(m.machine.os)}, load ${m.machine.load.join(' ')}</dd>
<dt>browser</dt><dd>${esc(m.chromium)} (headless, playwright-core); WebGL: ${gl || '—'}</dd>
<dt>Node</dt><dd>${esc(m.node)}</dd>
<dt>flags</dt><dd><ul>${flags}</ul></dd>
${res.skipped?.length ? `<dt>skipped</dt><dd>${res.skipped.map(esc).join('<br>')}</dd>` : ''}
</dl>`;
}

// In the page: chart.js gets the specs; a small plugin draws each point's [min, max] as a whisker,
// and timed-out peer points are crosses at their time limit.
const PAGE_SCRIPT = `
const whiskers = { id: 'whiskers', afterDatasetsDraw(chart) {
  const { ctx } = chart; const y = chart.scales.y;
  chart.data.datasets.forEach((ds, i) => { const meta = chart.getDatasetMeta(i); if (meta.hidden) return;
    meta.data.forEach((el, j) => { const p = ds.data[j]; if (!p || p.min === undefined || p.max === undefined) return;
      if (y.type === 'logarithmic' && p.min <= 0) return; // no bottom on a log axis
      ctx.save(); ctx.strokeStyle = ds.borderColor; ctx.lineWidth = 1; ctx.beginPath();
      ctx.moveTo(el.x, y.getPixelForValue(p.min)); ctx.lineTo(el.x, y.getPixelForValue(p.max));
      ctx.moveTo(el.x - 4, y.getPixelForValue(p.min)); ctx.lineTo(el.x + 4, y.getPixelForValue(p.min));
      ctx.moveTo(el.x - 4, y.getPixelForValue(p.max)); ctx.lineTo(el.x + 4, y.getPixelForValue(p.max));
      ctx.stroke(); ctx.restore(); }); }); } };
const COLORS = ['#2563eb','#dc2626','#16a34a','#9333ea','#ea580c','#0891b2','#be185d','#4d7c0f','#7c2d12','#475569','#ca8a04','#0f766e'];
for (const spec of window.__charts) {
  const canvas = document.getElementById('chart-' + spec.id);
  const datasets = spec.series.map((s, i) => ({ label: s.label + (s.data.some((p) => p.timeout) ? ' (超时 timeout ×)' : ''),
    data: s.data,
    borderColor: COLORS[i % COLORS.length], backgroundColor: COLORS[i % COLORS.length] + '99',
    pointStyle: (c) => (c.raw && c.raw.timeout ? 'crossRot' : 'circle'), pointRadius: (c) => (c.raw && c.raw.timeout ? 8 : 3) }));
  // Log axes label only 1, 2 and 5 × 10ⁿ: the default labels every tick and they overlap.
  const logTick = (v) => { const m = v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9)); return [1, 2, 5].some((k) => Math.abs(m - k) < 1e-6) ? Number(v).toLocaleString('en') : ''; };
  const axis = (log, title, extra) => ({ type: log ? 'logarithmic' : extra, title: { display: true, text: title }, ticks: log ? { callback: logTick, autoSkip: false, maxRotation: 0 } : {} });
  new Chart(canvas, { type: spec.kind, plugins: [whiskers],
    data: { labels: spec.labels, datasets },
    options: { animation: false, responsive: true, maintainAspectRatio: false,
      plugins: { title: { display: true, text: spec.title }, legend: { position: 'bottom', labels: { boxWidth: 12 } } },
      scales: { x: axis(spec.logX, spec.xTitle, spec.kind === 'bar' || spec.labels ? 'category' : 'linear'), y: axis(spec.logY, spec.yTitle, 'linear') } } });
}
document.body.dataset.ready = '1';
`;

export function renderReport(res: BenchResults, history: HistoryLine[]): string {
  const charts = buildCharts(figuresOf(res), history);
  // The layout benchmark's bar plots have a bar group per corpus tree: a full row each.
  const boxes = charts
    .map(
      (c) =>
        `<figure class="chart${c.id.startsWith('layout-') ? ' full' : ''}"><canvas id="chart-${c.id}" role="img" aria-label="${esc(c.title)}"></canvas></figure>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>学图 Xuetu 基准报告 · ${esc(res.meta.commit)}</title>
<style>
body{font:14px/1.5 system-ui,"Noto Sans CJK SC",sans-serif;margin:24px;color:#1f2937;max-width:1500px}
h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(640px,1fr));gap:16px}
.chart{margin:0;height:380px;border:1px solid #e5e7eb;border-radius:6px;padding:8px}.chart.full{grid-column:1/-1}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #e5e7eb;padding:3px 8px;text-align:left}
tr.timeout td,tr.error td{background:#fef2f2}dt{font-weight:600;float:left;width:90px}dd{margin:0 0 4px 100px}small{color:#6b7280}
</style></head><body>
<h1>学图 Xuetu 基准报告 · benchmark report</h1>
<p>Every point is the median of several runs; whiskers show [min, max] of those runs (server req/s: of its seconds). × = timed out at the limit.</p>
${metaBlock(res)}
<h2>图表 plots</h2>
<div class="grid">
${boxes}
</div>
<h2>编辑操作 editor ops (find, collapse-all, export)</h2>
${editorOpsTable(res)}
<h2>同类编辑器 peers</h2>
${peersTable(res)}
<h2>布局基准 layout benchmark</h2>
${layoutTable(res)}
<script>${CHART_JS()}</script>
<script>window.__charts = ${inlineJson(charts)};</script>
<script>${PAGE_SCRIPT}</script>
</body></html>
`;
}

export function writeReport(res: BenchResults, history = readHistory(), file = join(RESULTS_DIR, 'report.html')): string {
  writeFileSync(file, renderReport(res, history));
  return file;
}
