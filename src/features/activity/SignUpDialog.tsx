import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SignUpApplication } from '../../contract/tutors';
import { ConfirmDialog } from '../../app/ui/ConfirmDialog';
import { Dialog } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { RESULT_OK } from '../../app/http/client';
import { session, type User } from '../../app/session/session-store';
import { FormRow } from '../../app/ui/FormRow';
import { toast } from '../../app/ui/toast-store';
import { useFieldChecks } from '../../app/ui/use-field-checks';
import { submitSignUp, type SignUpForm } from './api';
import { prefillSignUp, signUpFieldError, SIGNUP_FIELDS, type SignUpField } from './signup-rules';
import { clearDraft, formOfApplication, loadDraft, sameForm, saveDraft } from './signup-draft';
import '../../app/ui/dialog-box.css';

export interface SignUpDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The tutor's id: the form's teacherId (SPEC §5). */
  teacherId: string;
  /** The student's cancelled application with this tutor: 重新报名 starts from it. */
  application?: SignUpApplication;
  onSubmitted(): void;
}

/**
 * The 填写信息 dialog (SPEC §2, 646px) holding the tutor sign-up form. What the student types is
 * kept as a draft until submitted (signup-draft.ts); closing the dialog (×, 取消, Esc, a click
 * outside) with typed text first asks, so a slip of the mouse is not taken for "close".
 */
export function SignUpDialog({ open, onOpenChange, teacherId, application, onSubmitted }: SignUpDialogProps) {
  const typed = useRef(false);
  const setTyped = useCallback((t: boolean) => {
    typed.current = t;
  }, []);
  const [asking, setAsking] = useState(false);
  // The form control the student was last in: 继续填写 brings the focus back there (opened by a
  // click outside or on ×, the question had nothing to return to and left the focus on the body).
  const lastField = useRef<HTMLElement | null>(null);
  const closing = useRef(false);
  const openChange = (next: boolean) => {
    if (!next && typed.current) setAsking(true);
    else onOpenChange(next);
  };
  const submitted = () => {
    typed.current = false;
    onSubmitted();
  };
  return (
    <>
      <SignUpDialogBox open={open} onOpenChange={openChange} onFieldFocus={(el) => (lastField.current = el)}>
        <SignUpFormBody teacherId={teacherId} application={application} onTyped={setTyped} onSubmitted={submitted} />
      </SignUpDialogBox>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="关闭填写信息？"
        description="已填写的内容会保存在本机，下次打开报名时继续填写。"
        cancelLabel="继续填写"
        confirmLabel="关闭"
        onConfirm={() => {
          typed.current = false;
          closing.current = true;
          onOpenChange(false);
        }}
        onCloseAutoFocus={(e) => {
          const el = lastField.current;
          if (closing.current) closing.current = false;
          else if (el?.isConnected) {
            e.preventDefault();
            el.focus();
          }
        }}
      />
    </>
  );
}

function SignUpDialogBox({
  open,
  onOpenChange,
  onFieldFocus,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onFieldFocus(el: HTMLElement): void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-box signup-dialog"
          aria-describedby={undefined}
          onFocus={(e) => e.target instanceof HTMLElement && e.target.closest('form') && onFieldFocus(e.target)}
        >
          <Dialog.Title className="signup-dialog__title">填写信息</Dialog.Title>
          {/* Mounted only while open: each opening starts from the draft, else the last application or the profile. */}
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

const TEXT_FIELDS: {
  field: Exclude<SignUpField, 'sex'>;
  label: string;
  multiline?: boolean;
  max: number;
  autoComplete?: string;
  inputMode?: 'tel' | 'numeric';
}[] = [
  { field: 'name', label: '姓名', max: 32, autoComplete: 'name' },
  { field: 'identityNumber', label: '身份证号', max: 18 },
  { field: 'phone', label: '手机号', max: 11, autoComplete: 'tel', inputMode: 'tel' },
  { field: 'studentNo', label: '学号', max: 32 },
  { field: 'specialty', label: '专业', max: 64 },
  { field: 'classmate', label: '班级', max: 64 },
  { field: 'introduction', label: '自我介绍', multiline: true, max: 2000 },
  { field: 'specialtyHobby', label: '特长爱好', multiline: true, max: 2000 },
  { field: 'goalsIdeas', label: '目标理想', multiline: true, max: 2000 },
];

interface FormBodyProps {
  teacherId: string;
  application?: SignUpApplication;
  /** Whether the form now holds text the student typed (differs from where it started without a draft). */
  onTyped(typed: boolean): void;
  onSubmitted(): void;
}

function SignUpFormBody({ teacherId, application, onTyped, onSubmitted }: FormBodyProps) {
  const { user } = useSnapshot(session);
  const userId = user?.userId ?? '';
  // Where a form with nothing typed starts: the cancelled application, else the profile (SPEC §5).
  const [start] = useState(() => (application ? formOfApplication(application) : prefillSignUp(user as User | null)));
  const {
    values: form,
    errors,
    change,
    check,
    checkAll,
  } = useFieldChecks<SignUpField, SignUpForm>(() => loadDraft(userId, teacherId) ?? start, SIGNUP_FIELDS, signUpFieldError);
  const typed = !sameForm(form, start);
  useEffect(() => {
    onTyped(typed);
  }, [typed, onTyped]);
  const set = (field: SignUpField, value: string) => {
    change(field, value);
    saveDraft(userId, teacherId, { ...form, [field]: value });
  };
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sexLabel = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const first = checkAll();
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const trimmed = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])) as SignUpForm;
      const res = await submitSignUp({ ...trimmed, teacherId });
      if (res.resultCode === RESULT_OK) {
        clearDraft(userId, teacherId);
        onSubmitted();
      } else toast.error(res.errMsg);
    } catch {
      toast.error('提交失败，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  };

  const textField = (f: (typeof TEXT_FIELDS)[number]) => (
    <FormRow key={f.field} label={f.label} error={errors[f.field]} className={f.multiline ? 'signup-row--wide' : undefined}>
      {(props) => {
        const common = { ...props, name: f.field, value: form[f.field], maxLength: f.max, onBlur: () => check(f.field), 'aria-required': true };
        return f.multiline ? (
          <textarea {...common} rows={3} onChange={(e) => set(f.field, e.target.value)} />
        ) : (
          <input {...common} type="text" autoComplete={f.autoComplete} inputMode={f.inputMode} onChange={(e) => set(f.field, e.target.value)} />
        );
      }}
    </FormRow>
  );

  return (
    <form ref={formRef} className="signup-form" onSubmit={(e) => void submit(e)} noValidate aria-label="导师报名信息">
      <div className="signup-form__grid">
        {TEXT_FIELDS.slice(0, 1).map(textField)}
        <div className={errors.sex ? 'field field--invalid' : 'field'}>
          <span className="field__label" id={sexLabel}>
            性别
          </span>
          <div
            className="field__control signup-radios"
            role="radiogroup"
            aria-labelledby={sexLabel}
            aria-required="true"
            aria-invalid={errors.sex ? true : undefined}
            aria-describedby={errors.sex ? `${sexLabel}-err` : undefined}
            // Checked when focus leaves the group, not when it moves between the two radios.
            onBlur={(e) => {
              if (!e.currentTarget.contains(e.relatedTarget as Node | null)) check('sex');
            }}
          >
            {(['0', '1'] as const).map((v) => (
              <label key={v} className="radio">
                <input type="radio" name="sex" value={v} checked={form.sex === v} onChange={() => set('sex', v)} />
                {v === '0' ? '男' : '女'}
              </label>
            ))}
            {errors.sex && (
              <p id={`${sexLabel}-err`} className="field__error" role="alert">
                {errors.sex}
              </p>
            )}
          </div>
        </div>
        {TEXT_FIELDS.slice(1).map(textField)}
      </div>
      <div className="signup-form__actions">
        <Dialog.Close className="btn" type="button">
          取消
        </Dialog.Close>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? '提交中…' : '提交'}
        </button>
      </div>
    </form>
  );
}
