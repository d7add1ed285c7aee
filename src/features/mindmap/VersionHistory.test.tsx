import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EditorController } from '../../mindmap';
import type { VersionSource } from './api';
import type { SaveState } from './autosave-deps';
import { useVersionHistory, VersionHistoryButton, VersionHistoryPanel } from './VersionHistory';

// The panel's own content has its e2e (tests/e2e/mindmap/versions.e2e.ts): here only what the two
// screens share — the toggle, the panel's place, the focus handed back, the tick after each save.
vi.mock('./HistoryPanel', () => ({
  HistoryPanel: (p: { source: VersionSource; savedTick: number; keep(): Promise<number | null>; onClose(): void }) => (
    <section aria-label="版本面板">
      <span>
        {p.source.key} 第{p.savedTick}次
      </span>
      <button type="button" onClick={() => void p.keep()}>
        保留
      </button>
      <button type="button" onClick={p.onClose}>
        关闭
      </button>
    </section>
  ),
}));

const source: VersionSource = { key: 'case-01', list: vi.fn(), get: vi.fn() };

function Screen({ saveState, keep, shown = true }: { saveState: SaveState; keep(): Promise<number | null>; shown?: boolean }) {
  const history = useVersionHistory(saveState);
  return (
    <>
      {shown && <VersionHistoryButton history={history} />}
      <VersionHistoryPanel history={history} ctl={{} as EditorController} source={source} keep={keep} />
    </>
  );
}

const panelPlace = () => document.getElementById('mind-history-panel')!;

describe('历史版本 shared by the map screens', () => {
  it('the toggle opens the panel beside the map and the panel closing hands the focus back to it', () => {
    const keep = vi.fn(async () => 3);
    render(<Screen saveState="saved" keep={keep} />);
    const toggle = screen.getByRole('button', { name: '历史版本' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('mind-history-panel');
    expect(panelPlace().hidden).toBe(true);
    expect(screen.queryByRole('region', { name: '版本面板' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(panelPlace().hidden).toBe(false);
    expect(screen.getByText('case-01 第1次')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保留' }));
    expect(keep).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(panelPlace().hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);

    // the toggle again closes an open panel too
    fireEvent.click(toggle);
    fireEvent.click(toggle);
    expect(panelPlace().hidden).toBe(true);
  });

  it('counts each completed save, so the open panel reads its list again', () => {
    const keep = async () => null;
    const { rerender } = render(<Screen saveState="saved" keep={keep} />);
    fireEvent.click(screen.getByRole('button', { name: '历史版本' }));
    expect(screen.getByText('case-01 第1次')).toBeTruthy();
    for (const state of ['dirty', 'saving'] as const) act(() => rerender(<Screen saveState={state} keep={keep} />));
    expect(screen.getByText('case-01 第1次')).toBeTruthy();
    act(() => rerender(<Screen saveState="saved" keep={keep} />));
    expect(screen.getByText('case-01 第2次')).toBeTruthy();
  });

  it('keeps the panel place when a screen hides the toggle (a shared map, a closed one)', () => {
    render(<Screen saveState="saved" keep={async () => null} shown={false} />);
    expect(screen.queryByRole('button', { name: '历史版本' })).toBeNull();
    expect(panelPlace().hidden).toBe(true);
  });
});
