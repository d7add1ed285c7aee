import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareRuns, type HistoryLine } from './history';
import { openReport, type OpenedReport } from './open-report';
import { renderReport } from './render';
import type { BenchResults } from './results';

// The report rendered from a small recorded run (fixture/recorded-run.json: two runs' history, a
// peers run with a timeout, a throttled and a GPU-less browser config, the engine's layout
// comparison, two API targets, a hardware-GPU config that was absent), opened from disk in Chromium with the network refused.

const fixture = JSON.parse(readFileSync(join(import.meta.dirname, 'fixture/recorded-run.json'), 'utf8')) as { results: BenchResults; history: HistoryLine[] };
const { results, history } = fixture;
// The recorded run predates the editor ops (find, collapse/expand-all, export): its two unthrottled
// SwiftShader rows get them here, shaped like a 20k run's (bench/browser/page/editor-ops.ts).
const OPS = { findManyMs: 77.9, findManyMatches: 33, findOneMs: 16.3, findFoldedMs: 42.3, collapseAllMs: 218.3, expandAllMs: 547.4 };
const EXPORTS = { exportKmMs: 213.5, exportKmKB: 34.5, exportTxtMs: 70.1, exportTxtKB: 12.2, exportXmindMs: 791.9, exportXmindKB: 5.5, heapEditorMB: 5 };
results.browser.slice(0, 2).forEach((r, i) => Object.assign(r, OPS, EXPORTS, { collapseAllMsRange: [200 + i, 240 + i] }));

interface DrawnChart {
  id: string;
  title: string;
  series: { label: string; points: number; drawn: number }[];
}

let dir: string;
let report: OpenedReport;
let charts: DrawnChart[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, renderReport(results, history));
  report = await openReport(file);
  // What chart.js actually laid out: per dataset, the points with a finite position inside the plot.
  charts = await report.page.evaluate(`Object.values(Chart.instances).map((c) => ({
    id: c.canvas.id.replace(/^chart-/, ''), title: c.options.plugins.title.text,
    series: c.data.datasets.map((ds, i) => ({ label: ds.label, points: ds.data.filter((p) => p && Number.isFinite(p.y)).length,
      drawn: c.getDatasetMeta(i).data.filter((el) => Number.isFinite(el.x) && Number.isFinite(el.y)
        && el.x >= c.chartArea.left - 1 && el.x <= c.chartArea.right + 1 && el.y >= c.chartArea.top - 1 && el.y <= c.chartArea.bottom + 1).length })) }))`);
}, 60_000);

afterAll(async () => {
  await report?.browser.close();
  rmSync(dir, { recursive: true, force: true });
});

const chart = (id: string) => {
  const c = charts.find((x) => x.id === id);
  if (!c) throw new Error(`no chart ${id}; have ${charts.map((x) => x.id).join(', ')}`);
  return c;
};

describe('bench report from a recorded run', () => {
  it('opens from disk with no request beyond its own file and no error', () => {
    expect(report.blocked).toEqual([]);
    expect(report.errors).toEqual([]);
  });

  it('draws every plot the issue asks for', () => {
    expect(charts.map((c) => c.id).sort()).toEqual(
      [
        'browser-edit',
        'browser-heap',
        'browser-open',
        'browser-pan-p95-frame',
        'editor-export',
        'editor-find',
        'editor-fold',
        'history',
        'layout',
        'layout-fill',
        'layout-full-layout',
        'layout-heap',
        'layout-insert-relayout',
        'server-p99',
        'server-rps',
      ].sort(),
    );
  });

  it('has data drawn for every series of every plot', () => {
    for (const c of charts) {
      expect(c.series.length, c.id).toBeGreaterThan(0);
      for (const s of c.series) {
        expect(s.points, `${c.id}: ${s.label}`).toBeGreaterThan(0);
        expect(s.drawn, `${c.id}: ${s.label}`).toBe(s.points);
      }
    }
  });

  it('plots each editor op of the rows that have them, a line per op, and tables them with their bytes', () => {
    expect(
      chart('editor-find')
        .series.map((s) => s.label.split(' · ')[0])
        .sort(),
    ).toEqual(['find folded', 'find many', 'find one']);
    expect(chart('editor-fold').series.map((s) => s.points)).toEqual([2, 2]);
    expect(chart('editor-export').series).toHaveLength(3);
    const html = renderReport(results, history);
    expect(html).toContain('<td>218.3 <small>[200–240]</small></td>');
    expect(html).toContain('213.5 <small>(34.5)</small>');
  });

  it('puts every editor and every browser config of the run on the open-time plot, a timed-out peer marked as such', () => {
    const labels = chart('browser-open').series.map((s) => s.label);
    for (const peer of new Set(results.peers.map((p) => p.peer)))
      expect(
        labels.some((l) => l.startsWith(`${peer} `)),
        peer,
      ).toBe(true);
    for (const r of results.browser) expect(labels).toContain(`xuetu ${r.renderer}/${r.labels} · ${r.gpu}${r.cpuThrottle! > 1 ? ` cpu÷${r.cpuThrottle}` : ''}`);
    const timedOut = results.peers.find((p) => p.status === 'timeout' && p.phase === 'open')!;
    expect(timedOut).toBeDefined();
    expect(labels.find((l) => l.startsWith(`${timedOut.peer} `))).toMatch(/timeout/);
  });

  it('compares engine, d3-flextree and elkjs layout, and every API target on both server plots', () => {
    expect(
      chart('layout')
        .series.map((s) => s.label.replace(/ \(wide\)$/, ''))
        .sort(),
    ).toEqual(['d3-flextree', 'elkjs mrtree', 'xuetu engine']);
    const targets = [...new Set(results.server.map((r) => `${r.database} ×${r.processes}`))].sort();
    expect(
      chart('server-rps')
        .series.map((s) => s.label)
        .sort(),
    ).toEqual(targets);
    expect(
      chart('server-p99')
        .series.map((s) => s.label)
        .sort(),
    ).toEqual(targets);
  });

  it("shows the layout benchmark's four layouts on every tree, elkjs's timeouts marked, and its quality table", async () => {
    const full = chart('layout-full-layout');
    expect(full.series.map((s) => s.label).sort()).toEqual(['d3-flextree', 'elkjs mrtree (超时 timeout ×)', 'naive tidy (sample plug-in)', 'xuetu engine']);
    const trees = new Set(results.layout!.rows.map((r) => r.tree));
    for (const s of full.series.filter((x) => !x.label.startsWith('elkjs'))) expect(s.points, s.label).toBe(trees.size);
    const text = await report.page.locator('body').innerText();
    for (const want of ['布局基准 layout benchmark', 'side errors', 'not run above 500 nodes', 'corpus (bench/layout/corpus/README.md)'])
      expect(text).toContain(want);
  });

  it('plots the history over both recorded runs and states machine, browser, flags and commit', async () => {
    for (const s of chart('history').series) expect(s.points).toBe(2);
    const text = await report.page.locator('dl').innerText();
    for (const want of [results.meta.commit, results.meta.machine.cpu, results.meta.chromium, '--use-angle=swiftshader', '--disable-webgl'])
      expect(text).toContain(want);
  });
});

describe('compare', () => {
  it('divides each figure of the latest run by the same figure of the named commit', () => {
    const older = history[0].commit;
    const { ratios } = compareRuns(history, older.slice(0, 7));
    expect(ratios.length).toBeGreaterThan(0);
    for (const r of ratios) expect(r.ratio).toBeCloseTo(r.now / r.then, 2);
    expect(() => compareRuns(history, 'fffffff')).toThrow(/no earlier run of commit fffffff/);
  });
});
