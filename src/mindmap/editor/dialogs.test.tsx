import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NodeDialog } from './dialogs';
import { testController } from './test-kit';

// The 链接 / 备注 / 图片 dialogs open at once and fill their fields with the topic's values when
// the worker answers. On a busy device a student (or a fast hand) types before that answer: what
// they typed is theirs. (An e2e run on a loaded box set a second link, and the topic kept the first:
// the answer of the topic's old values came after the new address and replaced it.)

describe('NodeDialog', () => {
  it('keeps an address typed before the topic’s old values arrive, and saves it', async () => {
    const ctl = await testController();
    ctl.select(['a']);
    await ctl.run('hyperlink', [['a'], 'http://www.baidu.com', '']);
    // the worker's answer held back until the student has typed
    let answer!: () => void;
    const read = ctl.engine.getNodeData.bind(ctl.engine);
    vi.spyOn(ctl.engine, 'getNodeData').mockImplementationOnce(async (id) => {
      await new Promise<void>((r) => (answer = r));
      return read(id);
    });
    const onClose = vi.fn();
    render(<NodeDialog ctl={ctl} kind="hyperlink" onClose={onClose} onError={() => {}} returnFocus={() => {}} />);
    const field = screen.getByLabelText('链接地址') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'https://example.org/a' } });
    answer();
    await vi.waitFor(() => expect(screen.getByLabelText('提示文字')).toBeTruthy());
    await new Promise((r) => setTimeout(r, 0));
    expect(field.value).toBe('https://example.org/a');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await ctl.engine.getNodeData('a')).hyperlink).toBe('https://example.org/a');
  });

  it('shows the topic’s values when nothing was typed first', async () => {
    const ctl = await testController();
    ctl.select(['a']);
    await ctl.run('hyperlink', [['a'], 'http://www.baidu.com', '百度']);
    render(<NodeDialog ctl={ctl} kind="hyperlink" onClose={() => {}} onError={() => {}} returnFocus={() => {}} />);
    await vi.waitFor(() => expect((screen.getByLabelText('链接地址') as HTMLInputElement).value).toBe('http://www.baidu.com'));
    expect((screen.getByLabelText('提示文字') as HTMLInputElement).value).toBe('百度');
  });
});
