import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { MAX_TITLE_CHARS, OWN_MAP_TEMPLATES, UNTITLED_MAP, type TemplateKey } from '../../contract/rules';
import { unwrap } from '../../app/ui/use-remote';
import { myCases, myCourses } from './api';
import '../../app/ui/dialog-box.css';

// The dialogs of 我的导图: 新建导图 (a template and a name), 重命名, 关联课程或案例.

function Box({ open, onClose, title, children }: { open: boolean; onClose(): void; title: string; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-box mymaps-dialog" aria-describedby={undefined}>
          <Dialog.Title className="mymaps-dialog__title">{title}</Dialog.Title>
          {children}
          {/* Last in the focus order: the dialog opens on its first field, not on ×. */}
          <Dialog.Close className="dialog-box__close" aria-label="关闭">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Actions({ busy, submit }: { busy: boolean; submit: string }) {
  return (
    <div className="mymaps-dialog__actions">
      <Dialog.Close className="btn" type="button">
        取消
      </Dialog.Close>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {submit}
      </button>
    </div>
  );
}

/** Runs the dialog's action; the dialog stays open (with the reason said by the caller) when it fails. */
function useSubmit(run: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      setBusy(true);
      void run().finally(() => setBusy(false));
    },
  };
}

export function NewMapDialog({ open, onClose, onCreate }: { open: boolean; onClose(): void; onCreate(template: TemplateKey, title: string): Promise<void> }) {
  const [template, setTemplate] = useState<TemplateKey>('blank');
  const [title, setTitle] = useState('');
  const nameId = useId();
  useEffect(() => {
    if (open) {
      setTemplate('blank');
      setTitle('');
    }
  }, [open]);
  const { busy, onSubmit } = useSubmit(() => onCreate(template, title.trim()));
  return (
    <Box open={open} onClose={onClose} title="新建导图">
      <form onSubmit={onSubmit}>
        <fieldset className="mymaps-templates">
          <legend>选择模板</legend>
          {OWN_MAP_TEMPLATES.map((t) => (
            <label key={t.key} className="mymaps-template">
              <input type="radio" name="template" value={t.key} checked={template === t.key} onChange={() => setTemplate(t.key)} />
              <span className="mymaps-template__name">{t.name}</span>
              <span className="mymaps-template__hint">{t.hint}</span>
            </label>
          ))}
        </fieldset>
        <label className="mymaps-dialog__field" htmlFor={nameId}>
          导图名称（可不填：空白导图名为“{UNTITLED_MAP}”，其他用模板名）
        </label>
        <input id={nameId} className="mymaps-dialog__input" value={title} maxLength={MAX_TITLE_CHARS} onChange={(e) => setTitle(e.target.value)} />
        <Actions busy={busy} submit="创建并打开" />
      </form>
    </Box>
  );
}

export function RenameDialog({ title, onClose, onRename }: { title: string | null; onClose(): void; onRename(title: string): Promise<void> }) {
  const [value, setValue] = useState('');
  const id = useId();
  useEffect(() => setValue(title ?? ''), [title]);
  const { busy, onSubmit } = useSubmit(() => onRename(value.trim()));
  return (
    <Box open={title !== null} onClose={onClose} title="重命名导图">
      <form onSubmit={onSubmit}>
        <label className="mymaps-dialog__field" htmlFor={id}>
          新名称（即中心主题）
        </label>
        <input id={id} className="mymaps-dialog__input" value={value} required maxLength={MAX_TITLE_CHARS} onChange={(e) => setValue(e.target.value)} />
        <Actions busy={busy || !value.trim()} submit="确定" />
      </form>
    </Box>
  );
}

type Option = { value: string; label: string };

/** 关联: one of my courses or my cases (a case link needs the student to study it), or none. */
export function LinkDialog({
  current,
  onClose,
  onLink,
}: {
  current: string | null;
  onClose(): void;
  onLink(link: { caseId?: string; courseId?: string }): Promise<void>;
}) {
  const [options, setOptions] = useState<Option[] | null>(null);
  const [value, setValue] = useState('');
  const id = useId();
  useEffect(() => {
    if (current === null) return;
    setValue(current);
    let live = true;
    Promise.all([myCourses().then(unwrap), myCases(1).then(unwrap), myCases(2).then(unwrap)])
      .then(([courses, projects, practice]) => {
        if (!live) return;
        setOptions([
          ...courses.records.map((c) => ({ value: `course:${c.courseId}`, label: `课程：${c.name}` })),
          ...[...projects.records, ...practice.records].map((c) => ({ value: `case:${c.caseId}`, label: `案例：${c.name}` })),
        ]);
      })
      .catch(() => live && setOptions([]));
    return () => {
      live = false;
    };
  }, [current]);
  const { busy, onSubmit } = useSubmit(() => {
    const [kind, key] = value.split(':');
    return onLink(kind === 'course' ? { courseId: key } : kind === 'case' ? { caseId: key } : {});
  });
  return (
    <Box open={current !== null} onClose={onClose} title="关联课程或案例">
      <form onSubmit={onSubmit}>
        <label className="mymaps-dialog__field" htmlFor={id}>
          关联到（只列出你报名的课程和学习中的案例）
        </label>
        <select id={id} className="mymaps-dialog__input" value={value} onChange={(e) => setValue(e.target.value)} disabled={options === null}>
          <option value="">不关联</option>
          {options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {options === null && <p role="status">正在载入…</p>}
        <Actions busy={busy || options === null} submit="保存" />
      </form>
    </Box>
  );
}
