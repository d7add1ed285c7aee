import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import { COMMAND_DEFS, commandEdits, getCommand, type CommandName } from './registry';

// A command's name fixes its arguments and result: wrong ones do not compile (every expected
// error below fails the type check the day such a call becomes valid), and the
// registry's keys are the names the commands answer to.

const KM = JSON.stringify({
  root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: 'A' }, children: [] }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
});

describe('typed commands', () => {
  it('every key is its command name; edits and view agree (a view change never edits)', () => {
    for (const [key, def] of Object.entries(COMMAND_DEFS)) {
      expect(def.name).toBe(key);
      expect(getCommand(key)).toBe(def);
      if ('view' in def && def.view) expect(commandEdits(key as CommandName)).toBe(false);
    }
    expect(['expand', 'collapse', 'expandToLevel', 'syncLearnt'].filter((n) => !commandEdits(n as CommandName))).toEqual([
      'expand',
      'collapse',
      'expandToLevel',
      'syncLearnt',
    ]);
  });

  it('arguments and results are typed by the name', () => {
    const ed = new MindEditor();
    ed.load(KM);
    const id: string = ed.execute('appendChild', ['a', '新']).result;
    const pasted: string[] = ed.execute('paste', [[id], [{ data: { text: '贴' } }]]).result.ids;
    expect(pasted).toHaveLength(1);
    // Type checks only (never called): the engine would take some of these at run time.
    const wrongCalls = () => {
      // @ts-expect-error editText takes (id, text: string)
      ed.execute('editText', ['a', 3]);
      // @ts-expect-error the text is not optional
      ed.execute('editText', ['a']);
      // @ts-expect-error priority takes ids then a number or null
      ed.execute('priority', [['a'], '2']);
      // @ts-expect-error expandToLevel takes a level number
      ed.execute('expandToLevel', [['a']]);
    };
    expect(typeof wrongCalls).toBe('function');
    // @ts-expect-error no such command: a compile error, and refused in Chinese at run time
    expect(() => ed.execute('rename', ['a', 'x'])).toThrow('未知的命令：rename');
    // @ts-expect-error appendChild answers the new id (a string), not a list
    const wrong: string[] = ed.execute('appendChild', ['a']).result;
    expect(typeof wrong).toBe('string');
  });
});
