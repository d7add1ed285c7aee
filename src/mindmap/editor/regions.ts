// F6 / Shift+F6 go round the editor's regions, map → toolbar → outline tree → map: the way out
// of the map for a keyboard user (there Tab inserts a node, so it cannot leave by Tab).

const REGIONS = ['map', 'toolbar', 'tree'] as const;
const FIRST_IN: Record<'toolbar' | 'tree', string> = {
  toolbar: '.mind-toolbar button:not(:disabled), .mind-toolbar select:not(:disabled)',
  tree: '.mind-tree [role=treeitem][tabindex="0"]',
};

/** Moves the focus to the next region (`back`: the previous one); `focusMap` focuses the map's keyboard target. */
export function cycleRegion(back: boolean, focusMap: () => void): void {
  const active = document.activeElement;
  const at = active?.closest('.mind-toolbar') ? 1 : active?.closest('.mind-tree') ? 2 : 0;
  const next = REGIONS[(at + (back ? 2 : 1)) % 3];
  if (next === 'map') return focusMap();
  document.querySelector<HTMLElement>(FIRST_IN[next])?.focus();
}
