import { describe, expect, it } from 'vitest';
import { testController } from './test-kit';

describe('import and its undo', () => {
  it('undoing an import selects again what was selected before it (the root if it is gone); redo selects the new root', async () => {
    const ctl = await testController();
    const steps: boolean[] = [];
    ctl.onImportStep = (undone) => steps.push(undone);
    ctl.select(['a1']);
    await ctl.importFile('txt', '新图\n\t一\n');
    expect(ctl.model.get(ctl.primary!)?.text).toBe('新图');
    await ctl.undo();
    expect(ctl.state.selection).toEqual(['a1']);
    await ctl.redo();
    expect(ctl.model.get(ctl.primary!)?.text).toBe('新图');
    await ctl.undo();
    expect(ctl.state.selection).toEqual(['a1']);
    expect(steps).toEqual([true, false, true]);

    // An ordinary undo after an import undone is no import step.
    await ctl.execute('removeNode', [['a']]);
    ctl.select(['b']);
    await ctl.undo();
    expect(steps).toEqual([true, false, true]);
  });
});
