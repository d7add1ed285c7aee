import { useRef, useState } from 'react';
import { AlertDialog } from 'radix-ui';
import { toast } from '../../app/ui/toast-store';
import '../../app/ui/dialog-box.css';
import '../../app/ui/confirm-dialog.css';
import './lost-edits.css';

/** Said on a member's page when the owner changes their role. */
export const MADE_READ_ONLY = '创建者把你改为只读成员';
export const MADE_EDITABLE = '创建者把你改为可编辑成员：现在可以修改这张导图';

/** What a page could not save when its student lost the right to edit the map, and why. */
export interface LostEdits {
  reason: string;
  titles: string[];
  /** Other changes (moves, deletes, notes, styles) not saved either. */
  others: number;
}

/** Anything to tell: a page with nothing unsaved just says the reason (a toast). */
export const lostAnything = (l: Pick<LostEdits, 'titles' | 'others'>) => l.titles.length > 0 || l.others > 0;

export function describe({ reason, titles, others }: LostEdits): string {
  const what = [titles.length ? `下面 ${titles.length} 个标题` : '', others ? ` ${others} 处其他修改（移动、删除、备注等）` : ''].filter(Boolean).join('和');
  return `${reason}，你还没保存的${what}不会再保存${titles.length ? '。标题可以复制留存' : ''}。`;
}

/**
 * Said when the student was made 只读 or removed while edits of theirs were not saved yet: they
 * are not saved later (the owner decided), but the titles typed are shown, one per line, to be
 * selected or copied (复制) and kept elsewhere — not lost without a trace.
 */
export function LostEditsDialog({ lost, onClose, returnFocus }: { lost: LostEdits | null; onClose(): void; returnFocus?: () => void }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const text = lost?.titles.join('\n') ?? '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // no clipboard permission (or an older browser): the selected text is copied the old way
      area.current?.select();
      if (!document.execCommand('copy')) return void toast.warning('无法写入剪贴板，请选中文字后按 Ctrl+C 复制');
    }
    toast.success('已复制');
  };
  return (
    <AlertDialog.Root open={lost !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay confirm-dialog__overlay" />
        <AlertDialog.Content
          className="dialog-box confirm-dialog"
          // the titles first, selected to copy (Enter there closes nothing: the student typing on
          // does not dismiss the only copy unread); else 知道了, the Cancel part
          onOpenAutoFocus={(e) => {
            if (!area.current) return;
            e.preventDefault();
            area.current.focus();
          }}
          // back to the map (the field the focus came from is gone)
          onCloseAutoFocus={(e) => {
            if (!returnFocus) return;
            e.preventDefault();
            returnFocus();
          }}
        >
          <AlertDialog.Title className="confirm-dialog__title">有修改没有保存</AlertDialog.Title>
          <AlertDialog.Description className="confirm-dialog__desc">{lost && describe(lost)}</AlertDialog.Description>
          {lost?.titles.length ? (
            <textarea
              ref={area}
              className="lost-edits__text"
              readOnly
              aria-label="没有保存的标题"
              rows={Math.min(8, lost.titles.length + 1)}
              value={text}
              onFocus={(e) => e.currentTarget.select()}
            />
          ) : null}
          <div className="confirm-dialog__actions">
            {lost?.titles.length ? (
              <button type="button" className="btn" onClick={() => void copy()}>
                复制
              </button>
            ) : null}
            {/* the Cancel part: with none, an alert dialog left the focus in the map's title field
                behind it, and Enter there added a topic */}
            <AlertDialog.Cancel className="btn btn--primary">知道了</AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * A page whose student may stop editing (made 只读, removed, the map gone): `lose` takes the
 * page's unsaved work out (`drop`) and tells `reason` with it in the dialog when there was any,
 * else `said` as a toast. Render `dialog`.
 */
export function useLostEdits(drop: () => Promise<Pick<LostEdits, 'titles' | 'others'>>, returnFocus?: () => void) {
  const [lost, setLost] = useState<LostEdits | null>(null);
  const lose = async (reason: string, said: string) => {
    const l = await drop();
    if (lostAnything(l)) setLost({ reason, ...l });
    else toast.warning(said, 8000);
  };
  /** Tells `reason` with `titles` that could not be kept (nothing to take out of the page). */
  const tell = (reason: string, titles: string[]) => setLost({ reason, titles, others: 0 });
  return { lose, tell, dialog: <LostEditsDialog lost={lost} onClose={() => setLost(null)} returnFocus={returnFocus} /> };
}
