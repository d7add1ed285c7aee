import type { KeyPress } from './key-queue';
import type { EditorController } from './controller';
import type { Direction } from './spatial-nav';

// Keys for relationship lines (关联线), before the map's own (keyboard.ts): while linking, arrows
// + Enter pick the target and Esc cancels; with a line selected, Delete removes it, F2 edits its
// label, Esc (or an arrow) goes back to the topic. Kept apart from relation-tool.ts (the state
// they act on), as summary-keys.ts is for summaries: the tool holds state, this file the key map.

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/** The map's keys while linking or with a line selected; false = not handled here. */
export function handleRelationKey(e: KeyPress, ctl: EditorController): boolean {
  const tool = ctl.relations;
  const { linking, selected } = tool.state;
  const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
  if (linking) {
    if (e.key === 'F6') {
      tool.cancel();
      return false;
    }
    e.preventDefault();
    if (ARROWS[e.key] && plain) tool.aim(ARROWS[e.key]);
    else if (e.key === 'Enter') void tool.finish(linking.target ?? linking.from);
    else if (e.key === 'Escape') {
      tool.cancel();
      ctl.say('已取消关联线');
    }
    // Every other key is swallowed: linking is a mode, a stray key must not edit the map.
    return true;
  }
  if (!selected) return false;
  if ((e.key === 'Delete' || e.key === 'Backspace') && plain && !ctl.state.readOnly) {
    e.preventDefault();
    void tool.remove(selected);
    return true;
  }
  if (e.key === 'F2' && plain && !ctl.state.readOnly) {
    e.preventDefault();
    tool.editLabel(selected);
    return true;
  }
  if (e.key === 'Escape') {
    e.preventDefault();
    tool.backToTopic();
    return true;
  }
  // (then the arrow moves on from that topic)
  if (ARROWS[e.key]) tool.backToTopic();
  return false;
}
