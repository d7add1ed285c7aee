import { type BaseLine, progressLabel, type Progress } from '../../mindmap';

/**
 * The 大纲 panel's progress gutter (issue 22): per line of the outline text, "3/8" for a node with
 * study nodes in its branch, '' otherwise. The text says the map's outline line for line, blank
 * lines aside (describes()), so its non-blank lines are the base's nodes in order. An annotation
 * beside the text, never part of it: editing, applying and saving never see it.
 */
export function progressGutter(text: string, base: readonly BaseLine[], of: (id: string) => Progress | undefined): string[] {
  let k = 0;
  return text.split('\n').map((line) => {
    if (!line.trim()) return '';
    const node = base[k++];
    const p = node && of(node.id);
    return p ? progressLabel(p) : '';
  });
}
