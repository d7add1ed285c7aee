// Sample plug-in for `npm run bench -- layout --plugin bench/layout/examples/naive-tidy.ts`.
// A naive recursive tree growing to the right: every subtree gets its own horizontal band (the
// sum of its children's bands), the parent is centred on its children. Never overlaps, but wastes
// the room a tidy tree would share between neighbouring subtrees, and recurses once per level.
// It has no incremental mode, so the benchmark times a full layout after the insert.
// The types are copied from bench/layout/contract.ts: a plug-in needs nothing from the project.

interface LayoutTree {
  id: string;
  text: string;
  children: LayoutTree[];
}
type Sizes = Map<string, { w: number; h: number }>;
type Positions = Map<string, { x: number; y: number }>;

export const name = 'naive tidy (sample plug-in)';

const GAP_X = 40; // between a parent and its children
const GAP_Y = 10; // between sibling bands

export function layout(tree: LayoutTree, sizes: Sizes): Positions {
  const band = new Map<string, number>();
  const bandOf = (n: LayoutTree): number => {
    let kids = 0;
    for (const c of n.children) kids += bandOf(c) + GAP_Y;
    const h = Math.max(sizes.get(n.id)!.h, kids - GAP_Y);
    band.set(n.id, h);
    return h;
  };
  bandOf(tree);
  const out: Positions = new Map();
  const place = (n: LayoutTree, x: number, top: number): void => {
    const s = sizes.get(n.id)!;
    const h = band.get(n.id)!;
    out.set(n.id, { x, y: top + (h - s.h) / 2 });
    let kids = -GAP_Y;
    for (const c of n.children) kids += band.get(c.id)! + GAP_Y;
    let y = top + (h - kids) / 2;
    for (const c of n.children) {
      place(c, x + s.w + GAP_X, y);
      y += band.get(c.id)! + GAP_Y;
    }
  };
  place(tree, 0, 0);
  return out;
}
