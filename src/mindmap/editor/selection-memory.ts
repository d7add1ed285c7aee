import { MAX_SWAPS } from '../engine/history/history';
import type { MapModel } from './map-model';

// Where the selection goes when the map changes under it: an import's undo selects again what
// was selected before the import; a selected node a patch removed hands the selection to its
// nearest remaining ancestor (kityminder), not to the root.

/**
 * The selection before each import still on the undo stack (newest last), and before each import
 * undone and not yet redone.
 */
/** A whole-map replacement on the undo stack: what was selected before it, and what it was (said on undo/redo). */
export interface Replacement {
  selection: string[];
  /** '导入' (a file or pasted text) or '恢复版本' (历史版本). */
  what: string;
}

export class ImportSelections {
  private before: Replacement[] = [];
  private undone: Replacement[] = [];

  /** An import went on the undo stack with `selection` selected before it. */
  imported(selection: string[], what = '导入'): void {
    this.before.push({ selection, what });
    // The engine keeps only the last MAX_SWAPS imports undoable.
    if (this.before.length > MAX_SWAPS) this.before.shift();
    this.undone = [];
  }

  /** An import is undone: what was selected before it, and what it was. */
  undo(): Replacement {
    const r = this.before.pop() ?? { selection: [], what: '导入' };
    this.undone.push(r);
    return r;
  }

  /** An import is made again: what it was. */
  redo(): Replacement {
    const r = this.undone.pop() ?? { selection: [], what: '导入' };
    this.before.push(r);
    return r;
  }

  /** The history forgot them (a load, a new edit after an undo). */
  forget(canUndo: boolean, canRedo: boolean): void {
    if (!canUndo) this.before = [];
    if (!canRedo) this.undone = [];
  }
}

/** Per selected node, its ancestors nearest first; none for a selection of a whole map (Ctrl+A). */
export function ancestorsOf(model: MapModel, selection: readonly string[]): string[][] {
  if (selection.length > 64) return selection.map(() => []);
  return selection.map((id) => {
    const chain: string[] = [];
    for (let n = model.get(id); n?.parentId; n = model.get(n.parentId)) chain.push(n.parentId);
    return chain;
  });
}

/** The selection after a patch: each node if it remains, else its nearest remaining ancestor. */
export function remainingSelection(model: MapModel, selection: readonly string[], ancestors: string[][]): string[] {
  const kept = selection.map((id, i) => [id, ...(ancestors[i] ?? [])].find((a) => model.has(a)));
  return [...new Set(kept.filter((id): id is string => id !== undefined))];
}

/**
 * What a Delete of `gone` selects (its redo too): the next sibling of `primary`, else the
 * previous one, else the parent — climbing while those go too (never a jump to the root).
 */
export function selectedAfterDelete(model: MapModel, gone: readonly string[], primary: string): string | undefined {
  const isGone = (id: string) => gone.some((g) => model.isInside(id, g));
  for (let cur = model.get(primary); cur?.parentId; cur = model.get(cur.parentId)) {
    const sibs = model.get(cur.parentId)!.children;
    const i = sibs.indexOf(cur.id);
    const next =
      sibs.slice(i + 1).find((s) => !isGone(s)) ??
      sibs
        .slice(0, i)
        .reverse()
        .find((s) => !isGone(s)) ??
      (isGone(cur.parentId) ? undefined : cur.parentId);
    if (next) return next;
  }
  return undefined;
}
