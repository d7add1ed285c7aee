import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';

// A node's rare fields (render-patch.ts extraOf) from what a file holds: hostile values are
// dropped, never a reason the whole map cannot be drawn.

describe('a node whose file holds an object where a URL goes', () => {
  it('opens and exports, without the picture (String() of {"toString": 1} threw while laying it out)', () => {
    const km = JSON.stringify({
      root: {
        data: { id: 'r', text: '根', image: { toString: 1, valueOf: 2 }, imageSize: { width: 20, height: 20 } },
        children: [{ data: { id: 'c', text: '子', hyperlink: { toString: 1 } } }],
      },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    });
    const editor = new MindEditor();
    editor.load({ root: { data: { id: 'x', text: '原文档' } }, template: 'default', theme: 'fresh-blue', version: '1.4.43' });
    const outcome = (() => {
      try {
        editor.importData('km', km);
        return 'opened';
      } catch (e) {
        return `refused: ${(e as Error).message}`;
      }
    })();
    expect(outcome).toBe('opened');
    expect(() => editor.exportData('km')).not.toThrow();
    expect(editor.toKm().root.data.text).toBe('根');
  });
});
