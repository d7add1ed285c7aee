import type { KeyPress } from './key-queue';
import type { ActionContext } from './actions';

// Keys while a summary (概要) is selected, before the map's own: Delete / Backspace remove it,
// F2 / Enter edit its text, Esc goes back to the first topic of its range. Arrows, undo and the
// other shortcuts go on to the map (arrows move from the summary's topic box).

/** Handles a key for the selected summary; false when none is selected or the key is not its. */
export function handleSummaryKey(e: KeyPress, { ctl, ui }: ActionContext): boolean {
  const id = ctl.state.summary;
  if (!id) return false;
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (e.key === 'Escape') {
    e.preventDefault();
    const s = ctl.model.summaries.get(id);
    ctl.select(s ? [s.first] : [], false);
    return true;
  }
  if (e.key === 'Delete' || e.key === 'Backspace') {
    e.preventDefault();
    if (!ctl.state.readOnly) void ctl.removeSummary(id);
    return true;
  }
  if (e.key === 'F2' || e.key === 'Enter') {
    e.preventDefault();
    if (!ctl.state.readOnly) ui.editSummary?.(id);
    return true;
  }
  return false;
}
