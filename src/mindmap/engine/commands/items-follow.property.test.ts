// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { History } from '../history/history';
import { MindDoc, preorder } from '../model/doc';
import type { KmNode } from '../model/types';
import { mulberry32 } from '../testing/random-ops';
import { runCommand } from './command';
import { getCommand } from './registry';

// Random deletes, cuts, pastes and moves keep every item valid: line ends exist, a summary's parent
// exists and its range is a contiguous run of that parent's children, first before last. Undo
// all gives back the original document, items included; redo all the final one.

function tree(): KmNode {
  let n = 0;
  const node = (depth: number): KmNode => {
    const id = `n${n++}`;
    return { data: { id, text: id }, children: depth < 2 ? Array.from({ length: 4 }, () => node(depth + 1)) : [] };
  };
  return node(0);
}

function checkItems(doc: MindDoc): void {
  for (const r of doc.items.relationships) {
    expect(doc.byId.has(r.from)).toBe(true);
    expect(doc.byId.has(r.to)).toBe(true);
  }
  for (const s of doc.items.summaries) {
    const p = doc.byId.get(s.parent);
    expect(p).toBeDefined();
    const kids = p!.children.map((c) => c.id);
    const f = kids.indexOf(s.first);
    expect(f).toBeGreaterThanOrEqual(0);
    expect(kids.indexOf(s.last)).toBeGreaterThanOrEqual(f);
  }
}

describe('items under random structural edits (property)', () => {
  it('stay valid, and undo/redo all round-trips them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 1, max: 25 }), (seed, steps) => {
        const rnd = mulberry32(seed);
        const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)];
        const doc = new MindDoc({ root: tree(), template: 'default', theme: 'fresh-blue', version: '1.4.43' });
        let history = new History();
        let clip: unknown = null;
        const exec = (name: string, ...args: unknown[]): unknown => {
          try {
            const r = runCommand(doc, getCommand(name), args);
            history.record(r.changes);
            return r.result;
          } catch {
            /* a refused edit (depth rule, own subtree) changes nothing */
          }
        };
        const parents = preorder(doc.root).filter((n) => n.children.length > 1);
        for (let i = 0; i < 6; i++) {
          const p = pick(parents);
          const a = Math.floor(rnd() * p.children.length);
          const b = Math.min(p.children.length - 1, a + Math.floor(rnd() * 3));
          exec(
            'addSummary',
            p.children.slice(a, b + 1).map((c) => c.id),
          );
          const all = preorder(doc.root);
          exec('addRelationship', pick(all).id, pick(all).id);
        }
        history = new History(); // the items set up above are the starting document
        const original = JSON.stringify(doc.toKm());
        for (let i = 0; i < steps; i++) {
          const nodes = preorder(doc.root).slice(1);
          if (!nodes.length) break;
          const n = pick(nodes);
          const op = rnd();
          if (op < 0.25) exec('removeNode', [n.id, pick(nodes).id]);
          else if (op < 0.3) clip = exec('cut', n.id) ?? clip;
          else if (op < 0.4 && clip) exec('paste', [pick(preorder(doc.root)).id], clip);
          else if (op < 0.6) exec('arrange', [n.id], rnd() < 0.5 ? -1 : 1);
          else if (op < 0.85) {
            const to = pick(preorder(doc.root));
            exec('moveNode', n.id, to.id, Math.floor(rnd() * (to.children.length + 1)));
          } else exec('appendParent', n.id);
          checkItems(doc);
        }
        const final = JSON.stringify(doc.toKm());
        while (history.undo(doc)) checkItems(doc);
        expect(JSON.stringify(doc.toKm())).toBe(original);
        while (history.redo(doc)) checkItems(doc);
        expect(JSON.stringify(doc.toKm())).toBe(final);
      }),
      { numRuns: 150 },
    );
  });

  it('a cut pasted anywhere in the same map brings back every item it took, or says what it could not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        const rnd = mulberry32(seed);
        const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)];
        const doc = new MindDoc({ root: tree(), template: pick(['default', 'right', 'structure', 'filetree']), theme: 'fresh-blue', version: '1.4.43' });
        const run = (name: string, ...args: unknown[]) => runCommand(doc, getCommand(name), args).result;
        const parents = preorder(doc.root).filter((n) => n.children.length > 1);
        for (let i = 0; i < 6; i++) {
          const p = pick(parents);
          const a = Math.floor(rnd() * p.children.length);
          const b = Math.min(p.children.length - 1, a + Math.floor(rnd() * 3));
          const all = preorder(doc.root);
          try {
            run(
              'addSummary',
              p.children.slice(a, b + 1).map((c) => c.id),
            );
            run('addRelationship', pick(all).id, pick(all).id);
          } catch {
            /* refused: same topic twice, a side that cannot be drawn */
          }
        }
        const count = () => doc.items.summaries.length + doc.items.relationships.length;
        const before = count();
        const nodes = preorder(doc.root).slice(1);
        const cut = [pick(nodes).id, ...(rnd() < 0.5 ? [pick(nodes).id] : [])];
        const clip = run('cut', cut) as { nodes: KmNode[] };
        const ids = clip.nodes.map((n) => n.data.id);
        const target = pick(preorder(doc.root));
        let lost = { relationships: 0, summaries: 0 };
        try {
          lost = (run('paste', [target.id], clip) as { lost: typeof lost }).lost;
        } catch {
          return; // the depth rule refused the paste: nothing to compare
        }
        checkItems(doc);
        // the branch came back as itself
        for (const id of ids) expect(doc.byId.has(id as string)).toBe(true);
        expect(count() + lost.relationships + lost.summaries).toBe(before);
      }),
      { numRuns: 300 },
    );
  });
});
