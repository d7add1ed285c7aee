import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MindEditor } from '../editor';
import { createMeasurer } from '../measure/text-measurer';
import { mulberry32, randomOp } from '../testing/random-ops';
import type { NodeRec } from '../model/doc';
import type { RenderPatch } from '../editor';

const TEMPLATES = ['default', 'right', 'structure', 'filetree', 'fish-bone', 'tianpan'];

function boxesOf(ed: MindEditor): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const stack = [ed.doc.root];
  while (stack.length) {
    const n = stack.pop()!;
    out.set(n.id, ed.boxOf(n.id));
    if (n.data.expandState !== 'collapse') stack.push(...n.children);
  }
  return out;
}

/** What a renderer holds after applying patches in the documented order. */
function applyPatch(view: Map<string, number[]>, patch: RenderPatch, ed: MindEditor): void {
  if (patch.full) view.clear();
  for (const id of patch.removed) view.delete(id);
  patch.shifts.forEach((id, i) => {
    const [dx, dy] = [patch.shiftDeltas[2 * i], patch.shiftDeltas[2 * i + 1]];
    const stack = [ed.doc.get(id)];
    while (stack.length) {
      const n = stack.pop()!;
      const b = view.get(n.id)!;
      view.set(n.id, [b[0] + dx, b[1] + dy, b[2], b[3]]);
      if (n.data.expandState !== 'collapse') stack.push(...n.children);
    }
  });
  patch.ids.forEach((id, i) => view.set(id, Array.from(patch.boxes.subarray(4 * i, 4 * i + 4))));
}

function subtreeBox(ed: MindEditor, n: NodeRec): number[] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const stack = [n];
  while (stack.length) {
    const c = stack.pop()!;
    const [x, y, w, h] = ed.boxOf(c.id);
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + w);
    y1 = Math.max(y1, y + h);
    if (c.data.expandState !== 'collapse') stack.push(...c.children);
  }
  return [x0, y0, x1, y1];
}

function seedMap(ed: MindEditor, template: string): void {
  ed.execute('template', [template]);
  const rnd = mulberry32(7);
  for (let i = 0; i < 40; i++) {
    const ids = [...ed.doc.byId.keys()];
    try {
      ed.execute('appendChild', [ids[Math.floor(rnd() * ids.length)], `节点 ${i} ${'x'.repeat(Math.floor(rnd() * 8))}`]);
    } catch {
      /* depth rule */
    }
  }
}

describe('layout engine', () => {
  it('reproduces the reference worked example (template right, fresh-blue)', () => {
    const ed = new MindEditor({ measurer: createMeasurer((_f, t) => (t === 'Root' ? 32 : 28)) });
    ed.load({
      root: { data: { id: 'r', text: 'Root' }, children: [{ data: { id: 'a', text: 'aa' } }, { data: { id: 'b', text: 'bb' } }] },
      template: 'right',
      theme: 'fresh-blue',
      version: '1.4.43',
    });
    expect(ed.boxOf('r')).toEqual([-40, -20, 80, 40]);
    // kityminder's x is ours + 16 (it puts the text origin at 0): 176…244 there.
    expect(ed.boxOf('a')).toEqual([160, -46, 68, 26]);
    expect(ed.boxOf('b')).toEqual([160, 20, 68, 26]);
  });

  it.each(TEMPLATES.filter((t) => t !== 'tianpan'))('sibling subtrees never overlap (%s)', (template) => {
    const ed = new MindEditor();
    seedMap(ed, template);
    for (const n of ed.doc.byId.values()) {
      if (n.data.expandState === 'collapse') continue;
      const boxes = n.children.map((c) => subtreeBox(ed, c));
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          const overlap = a[0] < b[2] - 1e-6 && b[0] < a[2] - 1e-6 && a[1] < b[3] - 1e-6 && b[1] < a[3] - 1e-6;
          expect(overlap, `${template}: ${n.children[i].id} vs ${n.children[j].id}`).toBe(false);
        }
    }
  });

  it('incremental relayout equals a full relayout after every command (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.constantFrom(...TEMPLATES), (seed, template) => {
        const ed = new MindEditor();
        seedMap(ed, template);
        const view = new Map<string, number[]>();
        applyPatch(view, ed.relayoutAll(), ed);
        const rnd = mulberry32(seed);
        for (let step = 0; step < 40; step++) {
          let op = 'undo';
          if (rnd() < 0.1) {
            const p = ed.undo();
            if (p) applyPatch(view, p, ed);
          } else {
            op = randomOp(ed, rnd, (p) => applyPatch(view, p, ed));
          }
          const inc = boxesOf(ed);
          const fresh = new MindEditor();
          fresh.load(ed.toKm());
          const full = boxesOf(fresh);
          expect([...inc.keys()].sort(), `after ${op}`).toEqual([...full.keys()].sort());
          expect([...view.keys()].sort(), `view after ${op}`).toEqual([...full.keys()].sort());
          for (const [id, b] of full) {
            // Lazy shifts add translations in a different order than a fresh pass: compare to 1e-6.
            const d = inc.get(id)!.map((x, i) => x - b[i]);
            expect(Math.max(...d.map(Math.abs)), `${template} ${op} ${id}`).toBeLessThan(1e-6);
            const v = view.get(id)!.map((x, i) => x - b[i]);
            expect(Math.max(...v.map(Math.abs)), `view ${template} ${op} ${id}`).toBeLessThan(1e-6);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('render patches carry only changed nodes', () => {
    const ed = new MindEditor();
    seedMap(ed, 'right');
    const total = ed.doc.size;
    const leaf = [...ed.doc.byId.values()].find((n) => n.children.length === 0 && n.parent)!;
    const { patch } = ed.execute('bold', [leaf.id]);
    expect(patch.full).toBe(false);
    expect(patch.ids.length).toBeLessThan(total);
    expect(patch.ids).toContain(leaf.id);
    expect(patch.looks[patch.look[patch.ids.indexOf(leaf.id)]].font).toContain('bold');
    expect(patch.boxes.length).toBe(patch.ids.length * 4);
    const c = ed.execute('collapse', [leaf.parent!.id]).patch;
    expect(c.removed).toContain(leaf.id);
  });

  it('full patches list the visible nodes in preorder (the renderer shifts subtrees as slot runs)', () => {
    const ed = new MindEditor();
    seedMap(ed, 'default');
    const folded = [...ed.doc.byId.values()].find((n) => n.parent?.parent && n.children.length)!;
    ed.execute('collapse', [folded.id]);
    const preorder: string[] = [];
    const visit = (n: NodeRec) => {
      preorder.push(n.id);
      if (n.data.expandState !== 'collapse') n.children.forEach(visit);
    };
    visit(ed.doc.root);
    const { patch } = ed.execute('template', ['right']);
    expect(patch.full).toBe(true);
    expect(patch.ids).toEqual(preorder);
  });
});
