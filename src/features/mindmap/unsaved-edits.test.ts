import { describe, expect, it } from 'vitest';
import { EditorController, type KmDocument } from '../../mindmap';
import { createEngineHost, localEngine } from '../../mindmap/testing';
import { replayKeptTitles } from './unsaved-edits';

// Reopening a map whose page went with keys still on their way: the titles it kept are made
// true again in order — a chain of new topics, each made under the id it was kept by (named as
// its key was pressed: keys-ahead.ts) and placed next to one made just before, lands where the
// student made it.

const MAP: KmDocument = {
  root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '甲' }, children: [] }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

const titlesUnder = (ctl: EditorController, id: string): string[] => ctl.model.get(id)!.children.map((c) => ctl.model.get(c)!.text);

describe('replayKeptTitles', () => {
  it('a chain of topics the page never made: a child of 甲, its siblings, a child of the second — each where it was made', async () => {
    const ctl = new EditorController(localEngine(createEngineHost()));
    await ctl.open(structuredClone(MAP), false);
    const told = await replayKeptTitles(ctl, [
      { id: 'a', text: '甲改' },
      { id: 'n1', at: { name: 'appendChild', at: 'a' }, text: '一' },
      { id: 'n2', at: { name: 'appendSibling', at: 'n1' }, text: '二' },
      { id: 'n3', at: { name: 'appendSibling', at: 'n1' }, text: '一半' },
      { id: 'n4', at: { name: 'appendChild', at: 'n2' }, text: '二的子' },
    ]);
    expect(told).toBe(5);
    expect(ctl.model.get('a')!.text).toBe('甲改');
    expect(titlesUnder(ctl, 'a')).toEqual(['一', '一半', '二']);
    const two = ctl.model.get('a')!.children.find((c) => ctl.model.get(c)!.text === '二')!;
    expect(titlesUnder(ctl, two)).toEqual(['二的子']);
    // each under the id it was kept by (the one the closing page named it with)
    expect(['n1', 'n2', 'n3', 'n4'].map((id) => ctl.model.get(id)?.text)).toEqual(['一', '二', '一半', '二的子']);
  });

  it('kept again after a reopening that made them (the draft read twice): renamed, none made twice', async () => {
    const ctl = new EditorController(localEngine(createEngineHost()));
    await ctl.open(structuredClone(MAP), false);
    const kept = [
      { id: 'n1', at: { name: 'appendChild' as const, at: 'a' }, text: '一' },
      { id: 'n2', at: { name: 'appendSibling' as const, at: 'n1' }, text: '二' },
    ];
    expect(await replayKeptTitles(ctl, kept)).toBe(2);
    expect(await replayKeptTitles(ctl, kept)).toBe(0);
    expect(titlesUnder(ctl, 'a')).toEqual(['一', '二']);
  });

  it('a topic the page did make (its save got through): renamed, not made twice', async () => {
    const ctl = new EditorController(localEngine(createEngineHost()));
    await ctl.open(structuredClone(MAP), false);
    await replayKeptTitles(ctl, [{ id: 'a', at: { name: 'appendChild', at: 'r' }, text: '甲最后' }]);
    expect(titlesUnder(ctl, 'r')).toEqual(['甲最后']);
  });
});
