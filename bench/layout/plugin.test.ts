import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, seedMaps, stats, type CorpusEntry } from './corpus';
import { loadPlugin, pluginArgs, runLayoutBench, SAMPLE_PLUGIN } from './run';

// The layout benchmark end to end on a small corpus: the sample plug-in loads by path and is
// measured beside the engine and d3-flextree (elkjs is left out here: seconds per run), and a
// plug-in that overlaps or misorders is caught in its row.

const dir = mkdtempSync(join(tmpdir(), 'layout-plugin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const small = (): CorpusEntry[] => {
  const tree = generate('skewed', 300);
  return [seedMaps()[0], { name: 'skewed 300', shape: 'skewed', source: 'test', licence: 'test', tree, ...stats(tree) }];
};

describe('layout benchmark plug-ins', () => {
  it('measures the sample plug-in beside the engine and d3-flextree, with clean quality checks', async () => {
    const entries = small();
    const res = await runLayoutBench({ entries, plugins: [SAMPLE_PLUGIN], repeat: 1, elkMax: 0, write: false });
    expect(res.layouts.map((l) => l.name)).toEqual(['xuetu engine', 'd3-flextree', 'elkjs mrtree', 'naive tidy (sample plug-in)']);
    for (const r of res.rows.filter((x) => x.layout !== 'elkjs mrtree')) {
      expect(r.status, `${r.layout} on ${r.tree}`).toBe('ok');
      expect(r.quality, `${r.layout} on ${r.tree}`).toMatchObject({ missing: 0, overlaps: 0, sideErrors: 0, orderErrors: 0 });
      expect(r.fullMs).toBeGreaterThanOrEqual(0);
      expect(r.insertMs).toBeGreaterThanOrEqual(0);
      expect(r.insertMode).toBe(r.layout === 'xuetu engine' ? 'incremental' : 'full relayout');
    }
    expect(res.rows.filter((x) => x.layout === 'elkjs mrtree').map((r) => r.status)).toEqual(['skipped', 'skipped']);
    // The inserted node was taken out again after each layout: the trees are as they were.
    expect(entries.map((e) => stats(e.tree).nodes)).toEqual([86, 300]);
  });

  it("reports a plug-in's overlaps and misordered siblings, its incremental mode and its errors", async () => {
    // Every node at x 0, 5 px apart in reverse preorder: boxes piled up, children on no side of their parents.
    const bad = join(dir, 'bad-layout.mjs');
    writeFileSync(
      bad,
      `export const name = 'bad';
export function layout(tree) {
  const out = new Map(); const order = []; const stack = [tree];
  while (stack.length) { const n = stack.pop(); order.push(n); stack.push(...n.children); }
  order.forEach((n, i) => out.set(n.id, { x: 0, y: (order.length - i) * 5 }));
  return out;
}
export const relayoutAfterInsert = (tree, sizes) => layout(tree, sizes);`,
    );
    const throws = join(dir, 'throws.mjs');
    writeFileSync(throws, `export function layout() { throw new RangeError('Maximum call stack size exceeded'); }`);
    const res = await runLayoutBench({ entries: small(), plugins: [bad, throws], repeat: 1, elkMax: 0, write: false });
    const rows = res.rows.filter((r) => r.layout === 'bad');
    expect(rows.length).toBe(2);
    for (const r of rows) {
      expect(r.insertMode).toBe('incremental');
      expect(r.quality!.overlaps).toBeGreaterThan(0);
      expect(r.quality!.sideErrors + r.quality!.orderErrors).toBeGreaterThan(0);
    }
    const t = res.rows.filter((r) => r.layout === 'throws.mjs');
    expect(t.map((r) => r.status)).toEqual(['error', 'error']);
    expect(t[0].note).toMatch(/Maximum call stack/);
  });

  it('says a plug-in that leaves topics without a position, or whose async layout never answers, and goes on with the rest', async () => {
    const rootOnly = join(dir, 'root-only.mjs');
    writeFileSync(rootOnly, `export const name = 'root only';\nexport const layout = (tree) => new Map([[tree.id, { x: 0, y: 0 }]]);`);
    const never = join(dir, 'never.mjs');
    writeFileSync(never, `export const name = 'never answers';\nexport const layout = () => new Promise(() => {});`);
    const res = await runLayoutBench({ entries: small(), plugins: [rootOnly, never], repeat: 1, elkMax: 0, timeoutMs: 300, write: false });
    const root = res.rows.filter((r) => r.layout === 'root only');
    expect(root.map((r) => r.status)).toEqual(['error', 'error']);
    expect(root[1].note).toBe('299 of 300 topics got no position');
    expect(root[1].quality).toBeUndefined(); // no figures that would read as a perfect layout
    const hung = res.rows.filter((r) => r.layout === 'never answers');
    expect(hung.map((r) => r.status)).toEqual(['timeout', 'timeout']);
    expect(hung[0].note).toBe('no answer within 300 ms');
    expect(hung[0].fullMs).toBe(300); // drawn as a timeout at the limit
    expect(res.rows.filter((r) => r.layout === 'xuetu engine').map((r) => r.status)).toEqual(['ok', 'ok']);
  });

  it('refuses a module without layout(), and reads plug-in paths from the command line and the environment', async () => {
    const none = join(dir, 'none.mjs');
    writeFileSync(none, 'export const name = "none";');
    await expect(loadPlugin(none)).rejects.toThrow(/exports no layout\(tree, sizes\) function/);
    const dflt = join(dir, 'default.mjs');
    writeFileSync(dflt, 'export default { name: "as default", layout: () => new Map() };');
    expect((await loadPlugin(dflt)).name).toBe('as default');
    expect(pluginArgs(['layout', '--plugin', './a.ts', '--plugin=b.js'], 'c.mjs, d.ts')).toEqual(['./a.ts', 'b.js', 'c.mjs', 'd.ts']);
    expect(pluginArgs(['layout'], undefined)).toEqual([]);
  });
});
