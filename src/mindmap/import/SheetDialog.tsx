// .dialog-box's own styles come with the app's dialogs (src/app/ui/dialog-box.css), loaded with the shell.
import { useEffect, useId, useState } from 'react';
import { Dialog } from 'radix-ui';
import './import-dialog.css';

/** One sheet as the dialog lists it. */
export interface SheetChoice {
  title: string;
  topics: number;
  /** what its import changed (floating topics kept as branches, what was not kept) */
  notices: string[];
}

/**
 * 选择画布 (issue 33.2): a multi-sheet XMind workbook asks which sheets to import. `multiple`:
 * check boxes (每个选中的画布成为一张导图, all checked at first); otherwise one sheet (radio
 * buttons: the editor's 导入 replaces its one map). Answers the chosen indices; none: 跳过.
 */
export function SheetDialog({
  fileName,
  sheets,
  multiple,
  onDone,
}: {
  fileName: string | null;
  sheets: SheetChoice[];
  multiple: boolean;
  onDone(indices: number[]): void;
}) {
  const [picked, setPicked] = useState<number[]>([]);
  const descId = useId();
  useEffect(() => setPicked(multiple ? sheets.map((_, i) => i) : [0]), [sheets, multiple]);
  const all = picked.length === sheets.length;
  const toggle = (i: number) => setPicked((p) => (multiple ? (p.includes(i) ? p.filter((x) => x !== i) : [...p, i].sort((a, b) => a - b)) : [i]));
  return (
    <Dialog.Root open={fileName !== null} onOpenChange={(o) => !o && onDone([])}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-box bulk-sheets" aria-describedby={descId}>
          <Dialog.Title className="bulk-sheets__title">选择要导入的画布</Dialog.Title>
          <Dialog.Close className="dialog-box__close" aria-label="关闭">
            ×
          </Dialog.Close>
          <p id={descId} className="bulk-sheets__desc">
            「{fileName}」有 {sheets.length} 个画布。
            {multiple ? '每个选中的画布成为我的导图里单独的一张导图。' : '选一个画布导入到当前导图（会替换当前内容）。'}
          </p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              onDone(picked);
            }}
          >
            <fieldset className="bulk-sheets__list">
              <legend className="visually-hidden">画布</legend>
              {sheets.map((s, i) => (
                <label key={i} className="bulk-sheets__item">
                  <input type={multiple ? 'checkbox' : 'radio'} name="sheet" checked={picked.includes(i)} onChange={() => toggle(i)} />
                  <span>
                    <span className="bulk-sheets__name">{s.title}</span>
                    <span className="bulk-sheets__hint">{s.topics} 个主题</span>
                    {s.notices.map((n) => (
                      <span key={n} className="bulk-sheets__notice">
                        {n}
                      </span>
                    ))}
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="bulk-sheets__actions">
              {multiple && (
                <button type="button" className="btn" onClick={() => setPicked(all ? [] : sheets.map((_, i) => i))}>
                  {all ? '全不选' : '全选'}
                </button>
              )}
              <Dialog.Close className="btn" type="button">
                {multiple ? '跳过此文件' : '取消'}
              </Dialog.Close>
              <button type="submit" className="btn btn--primary" disabled={picked.length === 0}>
                {multiple ? `导入所选（${picked.length}）` : '导入'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
