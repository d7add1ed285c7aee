import type { CommandArgs } from '../commands/registry';
import type { MindEditor, RenderPatch } from '../editor';
import type { MindDoc } from '../model/doc';

// Test/bench helper: applies one pseudo-random command to an editor. Errors that the rules
// produce on purpose (depth rule, root restrictions, own subtree) are swallowed; the command is
// atomic, so the document is unchanged in that case.

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickId(doc: MindDoc, rnd: Rng): string {
  const ids = [...doc.byId.keys()];
  return ids[Math.floor(rnd() * ids.length)];
}

export const OP_NAMES = [
  'appendChild',
  'appendSibling',
  'appendParent',
  'removeNode',
  'moveNode',
  'editText',
  'priority',
  'collapse',
  'expand',
  'setNote',
  'bold',
  'fontSize',
  'setStudy',
  'resetLayout',
  'paste',
  'image',
] as const;

type Op = (typeof OP_NAMES)[number];

export function randomOp(ed: MindEditor, rnd: Rng, onPatch?: (p: RenderPatch) => void): string {
  const doc = ed.doc;
  const name = OP_NAMES[Math.floor(rnd() * OP_NAMES.length)];
  const id = pickId(doc, rnd);
  const other = pickId(doc, rnd);
  const args: { [N in Op]: CommandArgs<N> } = {
    appendChild: [id, `n${Math.floor(rnd() * 1000)}`],
    appendSibling: [id, '兄弟'],
    appendParent: [id, 'P'],
    removeNode: [[id]],
    moveNode: [id, other, Math.floor(rnd() * 3)],
    editText: [id, rnd() < 0.2 ? '' : `文本 ${Math.floor(rnd() * 1e6)}\n${rnd() < 0.3 ? 'x' : ''}`],
    priority: [id, Math.floor(rnd() * 10)],
    collapse: [id],
    expand: [id],
    setNote: [id, rnd() < 0.5 ? null : '# 注\n正文'],
    bold: [id],
    fontSize: [id, rnd() < 0.5 ? null : 24],
    setStudy: [id, rnd() < 0.5],
    resetLayout: [],
    paste: [id, doc.get(other).parent ? ed.copy(other) : []],
    image: [id, 'https://x/y.png', '', 300, 120],
  };
  try {
    const run = <N extends Op>(n: N) => ed.execute(n, args[n]);
    const { patch } = run(name);
    onPatch?.(patch);
  } catch {
    // refused by a rule: the document is untouched
  }
  return name;
}
