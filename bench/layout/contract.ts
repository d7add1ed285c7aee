// The layout benchmark's plug-in contract (`npm run bench -- layout --plugin ./my-layout.ts`).
// A plug-in is an ES module (TypeScript or JavaScript) that exports `layout`, and optionally `name`
// and `relayoutAfterInsert`. It imports nothing from this project; copy these types if you like.

/** One topic of a mind map. Ids are unique strings; children are in their order on the map. */
export interface LayoutTree {
  id: string;
  /** The label (the sizes already account for it; given for layouts that care). */
  text: string;
  children: LayoutTree[];
}

/** Width and height of a topic's box in px (label, padding, icons), measured once for every layout. */
export interface Size {
  w: number;
  h: number;
}
export type Sizes = Map<string, Size>;

/** Top-left corner of a topic's box in px; the box is [x, x + w] × [y, y + h]. Any origin. */
export interface Position {
  x: number;
  y: number;
}
/** A position for every id of the tree (a Map, or a plain object keyed by id). */
export type Positions = Map<string, Position> | Record<string, Position>;

/** What a plug-in module exports. Either function may be async. */
export interface LayoutModule {
  /** Shown in the tables and the report (default: the file name). */
  name?: string;
  /** Lays out the whole tree from scratch. Called several times on the same tree and sizes. */
  layout(tree: LayoutTree, sizes: Sizes): Positions | Promise<Positions>;
  /**
   * Optional incremental mode: called after `layout` on the same tree object, once `inserted` has
   * been appended to the children of the node `parentId` and its size added to `sizes`. Returns the
   * positions of every node. Without it the benchmark times a full `layout` instead (and says so).
   */
  relayoutAfterInsert?(tree: LayoutTree, sizes: Sizes, inserted: { parentId: string; id: string }): Positions | Promise<Positions>;
}

/**
 * What the quality checks expect (bench/layout/quality.ts): no two boxes overlap; every child lies
 * wholly on one side of its parent (right, left, below or above) and, below the root, on the same
 * side its parent lies of the grandparent (a branch grows away from the root); siblings on one side
 * keep their order (top to bottom, or left to right). Gaps between boxes are the layout's choice.
 */
export const QUALITY_RULES = 'no overlap · child wholly on one side, branch keeps its direction · siblings in order';
