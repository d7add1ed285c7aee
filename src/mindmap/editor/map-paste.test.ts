import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapPaste } from './map-paste';
import { testController } from './test-kit';

// 粘贴 from the menu reads the system clipboard: text that is not a valid outline is reported
// (in the student's own line numbers), not silently replaced by the map's own clipboard.

function clipboardWith(text: string) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { read: async () => [{ types: ['text/plain'], getType: async () => ({ text: async () => text }) }] },
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('paste from the menu', () => {
  it('reports a bad outline on the clipboard and pastes nothing', async () => {
    const ctl = await testController();
    ctl.select(['b']);
    await ctl.io.copy(); // the map's own clipboard holds 乙: it must not be pasted instead
    const shown: string[] = [];
    const paste = vi.spyOn(ctl.io, 'paste');
    clipboardWith('标题\n\t\t跳了一级');
    await mapPaste(ctl, (m) => shown.push(m)).fromMenu();
    expect(shown).toEqual([expect.stringMatching(/^Invalid local format：第 2 行：缩进跳级/)]);
    expect(paste).not.toHaveBeenCalled();
  });

  it('pastes a valid outline from the clipboard under the selection', async () => {
    const ctl = await testController();
    ctl.select(['b']);
    clipboardWith('甲\n\t甲一\n乙');
    await mapPaste(ctl, () => {}).fromMenu();
    expect(ctl.model.get('b')?.children.map((id) => ctl.model.get(id)?.text)).toEqual(['甲', '乙']);
  });
});
