import type { MapModel } from './map-model';

// Shift+click as in XMind: the run of siblings from the selected topic (the anchor, the primary
// selection) to the clicked one, both included, the clicked one last (primary), so a summary
// (Ctrl+]) or a style covers the whole run. A topic that is no sibling of the anchor is added to
// the selection instead. Ctrl/⌘+click toggles one topic (EditorController.toggleSelect).

/** The selection after Shift+click on `target` with `selection` (its last id the anchor). */
export function extendedSelection(model: MapModel, selection: readonly string[], target: string): string[] {
  const anchor = selection[selection.length - 1];
  const a = anchor ? model.get(anchor) : undefined;
  const t = model.get(target);
  if (!a || !t) return [target];
  if (anchor === target) return [...selection];
  if (!a.parentId || a.parentId !== t.parentId) return [...selection.filter((id) => id !== target), target];
  const sibs = model.get(a.parentId)!.children;
  const i = sibs.indexOf(anchor);
  const j = sibs.indexOf(target);
  const step = j > i ? 1 : -1;
  const run: string[] = [];
  for (let k = i; k !== j + step; k += step) run.push(sibs[k]);
  return run;
}
