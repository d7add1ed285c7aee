import { useState, type FormEvent } from 'react';
import { RESULT_OK } from '../../app/http/client';
import { rememberChangedPassword } from '../../app/session/auth-actions';
import { toast } from '../../app/ui/toast-store';
import { updatePassword } from './api';
import { Field } from '../../app/ui/FormRow';
import { useFieldChecks } from '../../app/ui/use-field-checks';
import { passwordFieldError, type PasswordField, type PasswordValues } from './set-rules';

const FIELDS: PasswordField[] = ['oldPassword', 'newPassword', 'confirm'];
const EMPTY: PasswordValues = { oldPassword: '', newPassword: '', confirm: '' };

export const PASSWORD_CHANGED = '密码修改成功。本设备保持登录，其他设备上的登录已退出，请使用新密码重新登录。';

type Result = { ok: true } | { ok: false; message: string } | null;

/**
 * Password change. The server keeps this session and ends every other one, so the student stays
 * here; the result stays on screen (not only a toast) because it says something about other devices.
 */
export function PasswordForm() {
  const { values, setValues, errors, change, check, checkAll } = useFieldChecks<PasswordField, PasswordValues>(EMPTY, FIELDS, passwordFieldError);
  const [result, setResult] = useState<Result>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: PasswordField) => (e: { target: { value: string } }) => {
    change(field, e.target.value);
    setResult(null);
  };
  const blur = (field: PasswordField) => () => check(field);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (checkAll()) return;
    setSaving(true);
    try {
      const res = await updatePassword(values.oldPassword, values.newPassword);
      if (res.resultCode === RESULT_OK) {
        await rememberChangedPassword(values.newPassword);
        setValues(EMPTY);
        setResult({ ok: true });
        toast.success('密码修改成功');
      } else setResult({ ok: false, message: res.errMsg || '密码修改失败' });
    } catch {
      setResult({ ok: false, message: '密码修改失败，请稍后重试' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="set-form" onSubmit={(e) => void submit(e)} noValidate aria-label="修改密码">
      <Field
        label="原密码"
        type="password"
        value={values.oldPassword}
        onChange={set('oldPassword')}
        onBlur={blur('oldPassword')}
        error={errors.oldPassword}
        autoComplete="current-password"
        maxLength={128}
      />
      <Field
        label="新密码"
        type="password"
        value={values.newPassword}
        onChange={set('newPassword')}
        onBlur={blur('newPassword')}
        error={errors.newPassword}
        hint="必须含有字母数字,8-20个字符"
        autoComplete="new-password"
        maxLength={128}
      />
      <Field
        label="确认新密码"
        type="password"
        value={values.confirm}
        onChange={set('confirm')}
        onBlur={blur('confirm')}
        error={errors.confirm}
        autoComplete="new-password"
        maxLength={128}
      />
      {result && (
        <p className={result.ok ? 'set-result set-result--ok' : 'set-result set-result--error'} role={result.ok ? 'status' : 'alert'}>
          {result.ok ? PASSWORD_CHANGED : result.message}
        </p>
      )}
      <div className="set-form__actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? '提交中…' : '修改密码'}
        </button>
      </div>
    </form>
  );
}
