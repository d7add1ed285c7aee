import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditorController } from '../../mindmap';
import { createEngineHost, localEngine } from '../../mindmap/testing';
import { OutlinePanel } from './OutlinePanel';

// The 大纲 panel on the real engine (in-process). The map is not saved here (flush answers "not
// saved"), so no server call is made; tests/e2e/kityminder-outline.e2e.ts covers the saving path.

const MAP = {
  root: {
    data: { id: 'r', text: '根' },
    children: [
      {
        data: { id: 'a', text: '甲', priority: 2, isStudy: 1, note: '甲备注' },
        children: [{ data: { id: 'a1', text: '甲一', note: '甲一备注', isStudy: 1 } }],
      },
      { data: { id: 'b', text: '乙' } },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

async function setup() {
  const ctl = new EditorController(localEngine(createEngineHost()));
  await ctl.open(MAP, false);
  const flush = async () => ({ saved: false, version: 0 });
  render(<OutlinePanel ctl={ctl} caseId="c1" flush={flush} />);
  const field = screen.getByRole('textbox', { name: '大纲文本' }) as HTMLTextAreaElement;
  await waitFor(() => expect(field.value).toBe('根\n\t甲\n\t\t甲一\n\t乙'));
  const apply = async (text: string) => {
    fireEvent.change(field, { target: { value: text } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '应用到导图' })));
    await waitFor(() => expect(screen.getByRole('button', { name: '应用到导图' }).hasAttribute('disabled')).toBe(false));
  };
  return { ctl, field, apply };
}

describe('OutlinePanel', () => {
  it('a rename keeps priority, note, ✓ and the children; one undo restores it, redo reapplies', async () => {
    const { ctl, apply } = await setup();
    await apply('根\n\t甲（新）\n\t\t甲一\n\t乙');
    const a = await ctl.engine.getNodeData('a');
    expect(a).toMatchObject({ text: '甲（新）', priority: 2, isStudy: 1, note: '甲备注' });
    expect(await ctl.engine.getNodeData('a1')).toMatchObject({ note: '甲一备注', isStudy: 1 });
    expect(ctl.state.canUndo).toBe(true);
    await ctl.undo();
    expect(ctl.model.get('a')?.text).toBe('甲');
    expect(ctl.state.canUndo).toBe(false);
    await ctl.redo();
    expect(ctl.model.get('a')?.text).toBe('甲（新）');
  });

  it('inserts, deletes and indents lines; the text follows the map afterwards', async () => {
    const { ctl, field, apply } = await setup();
    await apply('根\n\t甲\n\t\t甲一\n\t\t乙\n\t丙');
    expect(ctl.model.get('b')?.parentId).toBe('a');
    const c = ctl.model.get('r')!.children.map((id) => ctl.model.get(id)!.text);
    expect(c).toEqual(['甲', '丙']);
    await apply('根\n\t甲\n\t\t乙\n\t丙');
    expect(ctl.model.has('a1')).toBe(false);
    await act(async () => void (await ctl.undo()));
    await waitFor(() => expect(field.value).toBe('根\n\t甲\n\t\t甲一\n\t\t乙\n\t丙'));
  });

  it('refreshes its text after a canvas edit, and keeps a node added on the canvas while the text is edited', async () => {
    const { ctl, field, apply } = await setup();
    await act(async () => void (await ctl.run('appendChild', ['b', '画布一'])));
    await waitFor(() => expect(field.value).toBe('根\n\t甲\n\t\t甲一\n\t乙\n\t\t画布一'));
    fireEvent.change(field, { target: { value: '根\n\t甲改\n\t\t甲一\n\t乙\n\t\t画布一' } });
    await act(async () => void (await ctl.run('appendChild', ['a', '画布二'])));
    await screen.findByText(/画布上的修改会保留/);
    expect(field.value).toBe('根\n\t甲改\n\t\t甲一\n\t乙\n\t\t画布一');
    await apply(field.value);
    expect(ctl.model.get('a')?.children.map((id) => ctl.model.get(id)!.text)).toEqual(['甲一', '画布二']);
    expect(ctl.model.get('a')?.text).toBe('甲改');
    expect(field.value).toBe('根\n\t甲改\n\t\t甲一\n\t\t画布二\n\t乙\n\t\t画布一');
  });

  it('a refused outline leaves map and text alone and says why in Chinese', async () => {
    const { ctl, field, apply } = await setup();
    await apply('根\n\t甲\n\t\t\t\t跳级');
    expect(screen.getByRole('alert').textContent).toContain('第 3 行');
    expect(field.value).toBe('根\n\t甲\n\t\t\t\t跳级');
    expect(ctl.model.get('a')?.children).toEqual(['a1']);
  });

  it("shows 已学 3/8 beside each branch, read-only, while the text is the map's", async () => {
    const { ctl, field } = await setup();
    await act(async () => ctl.doc.setStudyNodes(['a1', 'b']));
    const gutter = await screen.findByTestId('outline-progress');
    expect([...gutter.children].map((c) => c.textContent)).toEqual(['已学 1/2', '已学 1/1', '已学 1/1', '已学 0/1']);
    expect(field.value).toBe('根\n\t甲\n\t\t甲一\n\t乙');
    // A tick on the map moves the counts; the text stays as it was.
    await act(async () => void (await ctl.execute('setStudy', [['b'], true])));
    await waitFor(() => expect(gutter.textContent).toContain('已学 2/2'));
    expect(field.value).toBe('根\n\t甲\n\t\t甲一\n\t乙');
    // Edited text no longer says which line is which node: no counts until applied or reloaded.
    fireEvent.change(field, { target: { value: '根\n\t甲\n\t乙\n\t丙' } });
    expect(screen.queryByTestId('outline-progress')).toBeNull();
  });
});

describe('OutlinePanel status line', () => {
  it('describes the map now: an earlier apply’s status goes when a file import replaces the map', async () => {
    const { ctl, field, apply } = await setup();
    await apply('根\n\t甲（新）\n\t\t甲一\n\t乙');
    await screen.findByText(/大纲已应用到导图/);
    await act(async () => void (await ctl.io.importFile('txt', '新图\n\t一\n', '新图')));
    await waitFor(() => expect(field.value).toBe('新图\n\t一'));
    expect(screen.queryByText(/大纲已应用到导图/)).toBeNull();
    // Undoing the import brings the previous map's outline back, still without a stale status.
    await act(async () => void (await ctl.undo()));
    await waitFor(() => expect(field.value).toBe('根\n\t甲（新）\n\t\t甲一\n\t乙'));
    expect(screen.queryByText(/大纲已应用到导图/)).toBeNull();
  });

  it('keeps what is typed while 应用到导图 is under way (the applied text no longer replaces it)', async () => {
    const { ctl, field } = await setup();
    fireEvent.change(field, { target: { value: '根\n\t甲\n\t\t甲一\n\t乙\n\t丙' } });
    fireEvent.click(screen.getByRole('button', { name: '应用到导图' }));
    // typed before the map has answered the apply
    fireEvent.change(field, { target: { value: '根\n\t甲\n\t\t甲一\n\t乙\n\t丙\n\t丁' } });
    await waitFor(() => expect(screen.getByRole('button', { name: '应用到导图' }).hasAttribute('disabled')).toBe(false));
    expect(ctl.model.rows().ids.map((id) => ctl.model.get(id)?.text)).toEqual(['根', '甲', '甲一', '乙', '丙']);
    expect(field.value).toBe('根\n\t甲\n\t\t甲一\n\t乙\n\t丙\n\t丁');
    // and applying again adds only the line typed meanwhile
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '应用到导图' })));
    await waitFor(() => expect(ctl.model.rows().ids.map((id) => ctl.model.get(id)?.text)).toEqual(['根', '甲', '甲一', '乙', '丙', '丁']));
  });
});
