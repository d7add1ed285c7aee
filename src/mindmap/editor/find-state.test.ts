// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { localEngine } from '../worker/client';
import { createEngineHost } from '../worker/host';
import { EditorController } from './controller';
import { FindState, findStatus } from './find-state';

async function open(readOnly = false): Promise<EditorController> {
  const ctl = new EditorController(localEngine(createEngineHost()));
  await ctl.open(
    {
      root: {
        data: { id: 'r', text: '线性表' },
        children: [
          { data: { id: 'a', text: '顺序表' }, children: [] },
          {
            data: { id: 'b', text: '链式结构', expandState: 'collapse' },
            children: [{ data: { id: 'b1', text: '单链表' } }, { data: { id: 'b2', text: '双向链表' } }],
          },
        ],
      },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    },
    readOnly,
  );
  return ctl;
}

describe('find and replace', () => {
  it('finds in preorder, steps with wrap-around, opens collapsed ancestors without an undo step', async () => {
    const ctl = await open(true);
    const f = new FindState(ctl);
    await f.search('表');
    expect(f.view.matches).toEqual(['r', 'a', 'b1', 'b2']);
    expect(findStatus(f.view)).toBe('第 1 / 4 个');
    expect(ctl.primary).toBe('r');
    await f.step(-1);
    expect(ctl.primary).toBe('b2');
    expect(ctl.model.has('b2')).toBe(true); // its collapsed parent opened
    expect(ctl.state.canUndo).toBe(false);
    await f.step(1);
    expect(ctl.primary).toBe('r');
    await f.search('无此词');
    expect(findStatus(f.view)).toBe('没有找到匹配的主题');
  });

  it('replace one moves on to the next match; replace all is one undo step', async () => {
    const ctl = await open();
    const f = new FindState(ctl);
    await f.search('链表');
    expect(f.view.matches).toEqual(['b1', 'b2']);
    await f.replaceOne('链接表');
    expect(ctl.model.get('b1')?.text).toBe('单链接表');
    expect(f.view.matches).toEqual(['b2']);
    expect(ctl.primary).toBe('b2');
    await f.search('表');
    await f.replaceAll('列表');
    expect(findStatus(f.view)).toBe('已替换 4 个主题');
    expect(['r', 'a', 'b1', 'b2'].map((id) => ctl.model.get(id)?.text)).toEqual(['线性列表', '顺序列表', '单链接列表', '双向链列表']);
    await ctl.undo();
    expect(['r', 'a', 'b1', 'b2'].map((id) => ctl.model.get(id)?.text)).toEqual(['线性表', '顺序表', '单链接表', '双向链表']);
  });
});

describe('find while typing', () => {
  it('the field keeps every typed character although the worker answers later', async () => {
    const ctl = await open();
    const f = new FindState(ctl);
    const a = f.search('链');
    expect(f.view.query).toBe('链');
    const b = f.search('链表');
    expect(f.view.query).toBe('链表');
    await Promise.all([a, b]);
    expect(f.view.query).toBe('链表');
    expect(f.view.matches).toEqual(['b1', 'b2']);
  });
  it('a replace says 已替换 until the map changes otherwise (an undo, a redo, another edit)', async () => {
    const ctl = await open();
    const f = new FindState(ctl);
    ctl.model.subscribe(() => f.mapChanged()); // as the find bar does
    await f.search('表');
    await f.replaceOne('列');
    expect(findStatus(f.view)).toBe('已替换 1 个主题'); // its own edit and camera move keep it
    await ctl.undo();
    expect(findStatus(f.view)).toMatch(/^第 \d \/ \d 个$/);
    await f.replaceAll('列');
    expect(findStatus(f.view)).toMatch(/^已替换 \d 个主题$/);
    await ctl.textEdit.editText('a', '顺序表二');
    expect(f.view.done).toBe('');
  });
});
