import { describe, expect, it } from 'vitest';
import { actionByName } from './actions';
import { handleMapKey } from './keyboard';
import { READ_ONLY_MSG, refuseReadOnly } from './read-only';
import { testContext, testController } from './test-kit';

// A read-only map says why an edit does nothing (issue 31.5), once per burst of attempts.

const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
  ({ key: k, code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, preventDefault: () => {}, ...mods }) as unknown as Parameters<
    typeof handleMapKey
  >[0];

describe('read-only map', () => {
  it('an edit key says 当前导图为只读，不能修改 once per burst and changes nothing', async () => {
    const ctl = await testController(true);
    const said: string[] = [];
    ctl.events.on('announce', (t) => said.push(t));
    ctl.select(['a']);
    const deps = { ctx: testContext(ctl), openNodeMenu: () => {}, cycleRegion: () => {}, pasteFallback: () => {} };
    for (const [k, mods] of [['Tab'], ['Delete'], ['x'], ['v', { ctrlKey: true }], ['ArrowUp', { altKey: true }]] as const)
      expect(handleMapKey(key(k, mods), deps), k).toBe(true);
    expect(said).toEqual([READ_ONLY_MSG]);
    expect(ctl.model.get('a')?.text).toBe('甲');
    expect(actionByName('removeNode').edits).toBe(true);
    // After a quiet pause, the next attempt is said again.
    refuseReadOnly(ctl, Date.now() + 5000);
    expect(said).toEqual([READ_ONLY_MSG, READ_ONLY_MSG]);
  });

  it('view keys are not refused: arrows still move the selection', async () => {
    const ctl = await testController(true);
    const said: string[] = [];
    ctl.events.on('announce', (t) => said.push(t));
    ctl.select(['a']);
    handleMapKey(key('ArrowDown'), { ctx: testContext(ctl), openNodeMenu: () => {}, cycleRegion: () => {}, pasteFallback: () => {} });
    expect(said).not.toContain(READ_ONLY_MSG);
  });
});
