import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usableLink } from '../engine/commands/hyperlink';
import { uploadImage } from '../host';
import type { DialogKind } from './actions';
import type { EditorController } from './controller';
import { GENERIC_MSG, userMessage } from './messages';
import { decodedSize, IMAGE_UNREADABLE, IMAGE_URL_UNREADABLE, naturalSize } from './node-image';

// Node dialogs (hyperlink, note, image) and the save-conflict choice. Each edit is one
// engine command on the selected nodes.

/** `returnFocus`: where the focus goes on close (the map) instead of back to the opening button. */
export function EditorDialog({
  title,
  open,
  onClose,
  returnFocus,
  className,
  keepOnOutsideClick,
  children,
}: {
  title: string;
  open: boolean;
  onClose(): void;
  returnFocus?(): void;
  /** An extra class (a wider dialog) */
  className?: string;
  /** A click outside does not close it (it holds typed work). */
  keepOnOutsideClick?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="mind-dialog__overlay" />
        <Dialog.Content
          className={className ? `mind-dialog ${className}` : 'mind-dialog'}
          aria-describedby={undefined}
          onInteractOutside={(e) => keepOnOutsideClick && e.preventDefault()}
          onEscapeKeyDown={(e) => {
            // a map inside the dialog lets go of its selected line first (MindEditorView)
            if (e.target instanceof Element && e.target.closest('[data-owns-escape]')) e.preventDefault();
          }}
          onCloseAutoFocus={(e) => {
            if (!returnFocus) return;
            e.preventDefault();
            returnFocus();
          }}
        >
          <Dialog.Title className="mind-dialog__title">{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const TITLES: Record<DialogKind, string> = { hyperlink: '链接', note: '备注', image: '图片' };

/** An upload failure in Chinese (a network error's own text is English). */
export function uploadError(err: unknown): string {
  const m = userMessage(err);
  return m === GENERIC_MSG ? '图片上传失败，请检查网络后重试' : m;
}

/** Uploads an image file and puts it on the given nodes; a file that does not decode is refused before it is sent. */
export async function putImage(ctl: EditorController, ids: string[], file: Blob, name: string): Promise<void> {
  // The file itself gives the size (the uploaded URL needs the login token to load), and shows it
  // is a picture: a corrupt one would otherwise be a broken box on the map, saved.
  const size = await decodedSize(file);
  if (!size) throw new Error(IMAGE_UNREADABLE);
  const url = await uploadImage(file, name);
  await ctl.run('image', [ids, url, name, size[0], size[1]]);
  revealGrown(ctl, ids);
}

/** A topic that grew (an image added) is brought wholly into view: it was left half outside the canvas. */
function revealGrown(ctl: EditorController, ids: string[]): void {
  const id = ids.at(-1);
  if (id) ctl.camera.reveal(id);
}

export function NodeDialog({
  ctl,
  kind,
  onClose,
  onError,
  returnFocus,
}: {
  ctl: EditorController;
  kind: DialogKind | null;
  onClose(): void;
  onError(msg: string): void;
  returnFocus(): void;
}) {
  const ids = ctl.state.selection;
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const [busy, setBusy] = useState(false);
  const linkField = useRef<HTMLInputElement>(null);
  /** The fields the student typed in since the dialog opened. */
  const edited = useRef({ a: false, b: false });
  const editA = (value: string) => {
    edited.current.a = true;
    setA(value);
  };
  const editB = (value: string) => {
    edited.current.b = true;
    setB(value);
  };
  useEffect(() => {
    edited.current = { a: false, b: false };
    setA('');
    setB('');
    if (!kind || !ctl.primary) return;
    let open = true;
    void ctl.engine.getNodeData(ctl.primary).then((d) => {
      if (!open) return;
      const [first, second] = kind === 'hyperlink' ? [d.hyperlink, d.hyperlinkTitle] : kind === 'note' ? [d.note, ''] : [d.image, d.imageTitle];
      // The topic's values come from the worker: a field typed in before they came keeps what
      // was typed (on a busy device the answer came after the new address, and replaced it).
      if (!edited.current.a) setA(first ?? '');
      if (!edited.current.b) setB(second ?? '');
    });
    return () => {
      open = false;
    };
  }, [kind, ctl]);
  if (!kind) return null;
  // The address as it will be saved: '' none, null refused (another scheme).
  const link = a.trim() ? usableLink(a) : '';
  // Read-only maps (知识点详情): the note is there to be read; nothing can be changed.
  const readOnly = ctl.state.readOnly;
  if (readOnly && kind !== 'note') return null;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (readOnly) return onClose();
    setBusy(true);
    try {
      if (kind === 'hyperlink') {
        // An address that cannot be followed is refused here (the hint below says why), never saved.
        const url = a.trim() ? usableLink(a) : null;
        if (a.trim() && !url) return linkField.current?.focus();
        await ctl.run('hyperlink', [ids, url, b.trim()]);
      }
      if (kind === 'note' && ctl.primary) await ctl.run('setNote', [ctl.primary, a]);
      if (kind === 'image') {
        if (!a.trim()) await ctl.run('image', [ids, '']);
        else {
          const size = await naturalSize(a.trim());
          if (!size) return onError(IMAGE_URL_UNREADABLE);
          await ctl.run('image', [ids, a.trim(), b.trim(), size[0], size[1]]);
          revealGrown(ctl, ids);
        }
      }
      onClose();
    } finally {
      setBusy(false);
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await putImage(ctl, ids, file, file.name);
      onClose();
    } catch (err) {
      onError(uploadError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <EditorDialog title={TITLES[kind]} open onClose={onClose} returnFocus={returnFocus}>
      <form className="mind-dialog__form" onSubmit={(e) => void submit(e)}>
        {kind === 'hyperlink' && (
          <>
            <label>
              链接地址
              <input
                ref={linkField}
                value={a}
                onChange={(e) => editA(e.target.value)}
                placeholder="https://"
                aria-invalid={link === null}
                aria-describedby="mind-link-hint"
              />
            </label>
            <label>
              提示文字
              <input value={b} onChange={(e) => editB(e.target.value)} />
            </label>
            <p
              id="mind-link-hint"
              className={link === null ? 'mind-dialog__hint mind-dialog__hint--error' : 'mind-dialog__hint'}
              role={link === null ? 'alert' : undefined}
            >
              {link === null
                ? '不支持这种链接：只能使用 http、https、ftp 或 mailto 开头的地址'
                : link && link !== a.trim()
                  ? `将保存为 ${link}`
                  : '以 http://、https://、ftp:// 或 mailto: 开头；只写网址（如 www.baidu.com）时自动加上 http://'}
            </p>
          </>
        )}
        {kind === 'note' && (
          <label>
            备注内容
            <textarea value={a} rows={6} readOnly={readOnly} onChange={(e) => editA(e.target.value)} />
          </label>
        )}
        {kind === 'image' && (
          <>
            <label>
              上传图片
              <input type="file" accept="image/*" disabled={busy} onChange={(e) => void upload(e.target.files?.[0])} />
            </label>
            <label>
              或图片地址
              <input value={a} onChange={(e) => editA(e.target.value)} placeholder="https://" />
            </label>
            <label>
              图片说明
              <input value={b} onChange={(e) => editB(e.target.value)} />
            </label>
            <p className="mind-dialog__hint">图片将按比例缩放到 200×200 以内；地址留空即移除图片。</p>
          </>
        )}
        {readOnly ? (
          <div className="mind-dialog__actions">
            <button type="button" className="btn btn--primary" onClick={onClose}>
              关闭
            </button>
          </div>
        ) : (
          <div className="mind-dialog__actions">
            <button type="button" className="btn" onClick={onClose}>
              取消
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              确定
            </button>
          </div>
        )}
      </form>
    </EditorDialog>
  );
}

/** 409 on save: the user picks a side; the other side is downloaded as a .km copy, never lost. */
export function ConflictDialog({ open, onServer, onMine }: { open: boolean; onServer(): void; onMine(): void }) {
  return (
    <EditorDialog title="导图已在其他页面更新" open={open} onClose={() => {}}>
      <p className="mind-dialog__text">
        服务器上有更新的版本（可能在另一个页面或设备上保存过）。请选择要继续使用的版本，另一个版本会作为副本（.km 文件）下载保存，不会丢失。
      </p>
      <div className="mind-dialog__actions">
        <button type="button" className="btn" onClick={onServer}>
          载入服务器版本
        </button>
        <button type="button" className="btn btn--primary" onClick={onMine}>
          保留我的版本
        </button>
      </div>
    </EditorDialog>
  );
}
