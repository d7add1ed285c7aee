import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KmDocument, KmNode } from '../model/types';
import { exportFile, importDocumentWithNotices } from './formats';

// .km → .mm → .km keeps topic identity: the .mm IDs are ID_<node id> (freemind.ts mmIds) and the
// importer maps them back, so node ids and the relationship lines written by those IDs survive.
// Ids that are no XML name (spaces, CJK, markup) come back as one sanitised, still unique id.

const idUnit = fc.constantFrom('a', 'b', 'Z', '0', '7', '-', '_', '.', ' ', '中', '<', '&', '"', ':', 'ID_');
const nodeId = fc.string({ unit: idUnit, minLength: 1, maxLength: 12 });

interface T {
  id: string;
  children: T[];
}
function treeOf(depth: number): fc.Arbitrary<T> {
  return fc.record({ id: nodeId, children: depth === 0 ? fc.constant([]) : fc.array(treeOf(depth - 1), { maxLength: 3 }) });
}

const VALID = /^[A-Za-z0-9._-]{1,64}$/;

function flat(n: KmNode, out: KmNode[] = []): KmNode[] {
  out.push(n);
  for (const c of n.children ?? []) flat(c, out);
  return out;
}

describe('.mm keeps node ids', () => {
  it('the written IDs are the node ids (ID_<id>), and relationship DESTINATIONs use them', () => {
    const doc: KmDocument = {
      root: { data: { id: 'root-1', text: '根' }, children: [{ data: { id: 'p', text: '甲' } }, { data: { id: 'mem 内存', text: '乙' } }] },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
      relationships: [{ id: 'x', from: 'p', to: 'root-1' }],
    };
    const out = exportFile('mm', doc).data as string;
    expect(out).toContain('ID="ID_root-1"');
    expect(out).toContain('ID="ID_p"');
    expect(out).toContain('ID="ID_mem___"');
    expect(out).toContain('DESTINATION="ID_root-1"');
    const back = importDocumentWithNotices('mm', out).document;
    expect(flat(back.root).map((n) => n.data.id)).toEqual(['root-1', 'p', 'mem___']);
    expect(back.relationships?.map((r) => [r.from, r.to])).toEqual([['p', 'root-1']]);
  });

  it('round trip: unique valid ids come back as they were, all ids stay unique, every line keeps its ends', () => {
    fc.assert(
      fc.property(treeOf(3), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }), (t, pairs) => {
        // Ids as the editor holds them: unique in the document (restore makes them so).
        const seen = new Set<string>();
        const toKm = (x: T, i: number[]): KmNode => {
          const id = seen.has(x.id) ? `${x.id}${i.join('-')}` : x.id;
          seen.add(id);
          return { data: { id, text: id }, children: x.children.map((c, j) => toKm(c, [...i, j])) };
        };
        const root = toKm(t, [0]);
        const nodes = flat(root);
        const rels: NonNullable<KmDocument['relationships']> = [];
        const used = new Set<string>();
        for (const [a, b] of pairs) {
          const from = nodes[a % nodes.length].data.id as string;
          const to = nodes[b % nodes.length].data.id as string;
          if (from === to || used.has(`${from}>${to}`)) continue;
          used.add(`${from}>${to}`);
          rels.push({ id: `r${rels.length}`, from, to });
        }
        const doc: KmDocument = { root, template: 'default', theme: 'fresh-blue', version: '1.4.43', relationships: rels };
        const back = importDocumentWithNotices('mm', exportFile('mm', doc).data).document;
        const got = flat(back.root);
        expect(got).toHaveLength(nodes.length);
        const ids = got.map((n) => n.data.id as string);
        expect(new Set(ids).size).toBe(ids.length);
        // Titles are the original ids: map each imported node to the one it came from.
        const was = new Map(got.map((n, i) => [n.data.id as string, nodes[i].data.id as string]));
        nodes.forEach((n, i) => {
          expect(got[i].data.text).toBe(n.data.text);
          if (VALID.test(n.data.id as string)) expect(got[i].data.id).toBe(n.data.id);
        });
        const ends = (back.relationships ?? []).map((r) => `${was.get(r.from)}>${was.get(r.to)}`);
        expect(ends.sort()).toEqual(rels.map((r) => `${r.from}>${r.to}`).sort());
      }),
      { numRuns: 300 },
    );
  });
});
