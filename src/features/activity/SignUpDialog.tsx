import { useId, useRef, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { RESULT_OK } from '../../app/http/client';
import { session, type User } from '../../app/session/session-store';
import { FormRow } from '../../app/ui/FormRow';
import { toast } from '../../app/ui/toast-store';
import { useFieldChecks } from '../../app/ui/use-field-checks';
import { submitSignUp, type SignUpForm } from './api';
import { prefillSignUp, signUpFieldError, SIGNUP_FIELDS, type SignUpField } from './signup-rules';
import '../../app/ui/dialog-box.css';

export interface SignUpDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The tutor's id: the form's teacherId (SPEC §5). */
  teacherId: string;
  onSubmitted(): void;
}

/** The 填写信息 dialog (SPEC §2, 646px) holding the tutor sign-up form. */
export function SignUpDialog({ open, onOpenChange, teacherId, onSubmitted }: SignUpDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-box signup-dialog" aria-describedby={undefined}>
          <Dialog.Title className="signup-dialog__title">填写信息</Dialog.Title>
          <Dialog.Close className="dialog-box__close" aria-label="关闭">
            ×
          </Dialog.Close>
          {/* Mounted only while open, so each opening starts from the profile again. */}
          <SignUpFormBody teacherId={teacherId} onSubmitted={onSubmitted} />
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

function SignUpFormBody({ teacherId, onSubmitted }: { teacherId: string; onSubmitted(): void }) {
  const { user } = useSnapshot(session);
  const {
    values: form,
    errors,
    change: set,
    check,
    checkAll,
  } = useFieldChecks<SignUpField, SignUpForm>(() => prefillSignUp(user as User | null), SIGNUP_FIELDS, signUpFieldError);
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
      if (res.resultCode === RESULT_OK) onSubmitted();
      else toast.error(res.errMsg);
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
