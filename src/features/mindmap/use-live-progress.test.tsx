import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testController, type EditorController } from '../../mindmap';
import { useLiveProgress, LIVE_POLL_MS } from './use-live-progress';

const api = vi.hoisted(() => ({ learntNodeIds: vi.fn() }));
vi.mock('./api', () => api);

function Live({ ctl, initial }: { ctl: EditorController; initial: string[] }) {
  useLiveProgress(ctl, 'case-01', initial);
  return null;
}

afterEach(() => {
  vi.useRealTimers();
  api.learntNodeIds.mockReset();
});

describe('useLiveProgress', () => {
  it('ticks nodes learnt elsewhere on focus, read-only too, and the roll-up follows', async () => {
    const ctl = await testController(true);
    await ctl.doc.setStudyNodes(['a1', 'b']);
    expect(ctl.doc.progress.of('r')).toEqual({ learnt: 0, total: 2 });
    api.learntNodeIds.mockResolvedValue(['b']);
    render(<Live ctl={ctl} initial={[]} />);
    await act(async () => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(ctl.model.get('b')?.isStudy).toBe(true));
    await waitFor(() => expect(ctl.doc.progress.of('r')).toEqual({ learnt: 1, total: 2 }));
    expect(api.learntNodeIds).toHaveBeenCalledWith('case-01');
  });

  it('keeps the student’s edits (and their undo) when a ✓ arrives by the poll', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const ctl = await testController();
    await ctl.textEdit.editText('b', '乙（我的笔记）');
    api.learntNodeIds.mockResolvedValue(['a']);
    render(<Live ctl={ctl} initial={['b']} />);
    await act(async () => void vi.advanceTimersByTime(LIVE_POLL_MS));
    await waitFor(() => expect(ctl.model.get('a')?.isStudy).toBe(true));
    expect(ctl.model.get('b')?.text).toBe('乙（我的笔记）');
    expect(ctl.state.canUndo).toBe(true);
    await ctl.undo();
    expect(ctl.model.get('b')?.text).toBe('乙');
    expect(ctl.model.get('a')?.isStudy).toBe(true);
    // Already known ids are not sent again.
    const runs = vi.spyOn(ctl, 'execute');
    await act(async () => void vi.advanceTimersByTime(LIVE_POLL_MS));
    await waitFor(() => expect(api.learntNodeIds).toHaveBeenCalledTimes(2));
    expect(runs).not.toHaveBeenCalled();
  });
});
