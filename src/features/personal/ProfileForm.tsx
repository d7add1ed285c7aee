import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { RESULT_OK } from '../../app/http/client';
import { session, setUser, type User } from '../../app/session/session-store';
import { toast } from '../../app/ui/toast-store';
import { updateUserInfo } from './api';
import { Field } from '../../app/ui/FormRow';
import { useFieldChecks } from '../../app/ui/use-field-checks';
import { changedFields, profileFieldError, type ProfileField, type ProfileValues } from './set-rules';

const FIELDS: ProfileField[] = ['username', 'phone', 'email'];

function valuesOf(user: User | null): ProfileValues {
  return {
    username: user?.username ?? '',
    sex: String(user?.sex) === '1' ? '1' : '0',
    phone: user?.phone ?? '',
    email: user?.email ?? '',
    specialty: user?.specialty ?? '',
    classmate: user?.classmate ?? '',
  };
}

/**
 * Profile edit. Opened as the first screen of a new tab the session has a token but no user yet
 * (App asks selectUser): the form waits for it, since a form built from nothing would show empty
 * fields and a save would wipe the profile (issue 31 item 1).
 */
export function ProfileForm({ beforeSave }: { beforeSave?: () => Promise<boolean> } = {}) {
  const { user } = useSnapshot(session);
  if (!user)
    return (
      <p className="set-loading" role="status">
        正在加载个人资料…
      </p>
    );
  return <ProfileFields key={user.userId} user={user as User} beforeSave={beforeSave} />;
}

/**
 * Checked on blur and on submit. A save sends only the fields the student changed since the form
 * was filled (or last saved), so a value the form never held correctly cannot overwrite the
 * server's; the saved user replaces the session's copy.
 */
function ProfileFields({ user, beforeSave }: { user: User; beforeSave?: () => Promise<boolean> }) {
  const [saved, setSaved] = useState(() => valuesOf(user));
  const { values, setValues, errors, change, check, checkAll } = useFieldChecks<ProfileField, ProfileValues>(saved, FIELDS, profileFieldError);
  const [saving, setSaving] = useState(false);

  const set = (field: ProfileField) => (e: { target: { value: string } }) => change(field, e.target.value);
  const blur = (field: ProfileField) => () => check(field);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (checkAll()) return;
    // a photo chosen above and not saved yet goes first (it says 头像已更新 itself)
    const photo = (await beforeSave?.()) ?? false;
    const patch = changedFields(saved, values);
    if (!patch) {
      if (!photo) toast.success('资料没有修改');
      return;
    }
    setSaving(true);
    try {
      const res = await updateUserInfo(patch);
      if (res.resultCode === RESULT_OK && res.data) {
        const { token: _token, ...user } = res.data;
        setUser(user);
        setSaved(valuesOf(user));
        toast.success('个人信息保存成功');
      } else toast.error(res.errMsg);
    } catch {
      toast.error('保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="set-form" onSubmit={(e) => void submit(e)} noValidate aria-label="基本资料">
      <Field
        label="用户名"
        value={values.username}
        onChange={set('username')}
        onBlur={blur('username')}
        error={errors.username}
        maxLength={32}
        autoComplete="name"
      />
      <div className="field">
        <span className="field__label">学号</span>
        <div className="field__control field__static">{user.studentNo || '无'}</div>
      </div>
      <div className="field">
        <span className="field__label" id="set-sex-label">
          性别
        </span>
        <div className="field__control" role="radiogroup" aria-labelledby="set-sex-label">
          {(['0', '1'] as const).map((sex) => (
            <label key={sex} className="radio">
              <input type="radio" name="sex" value={sex} checked={values.sex === sex} onChange={() => setValues({ ...values, sex })} />
              {sex === '0' ? '男' : '女'}
            </label>
          ))}
        </div>
      </div>
      <Field
        label="手机号"
        value={values.phone}
        onChange={set('phone')}
        onBlur={blur('phone')}
        error={errors.phone}
        inputMode="tel"
        autoComplete="tel"
        maxLength={11}
      />
      <Field
        label="邮箱"
        value={values.email}
        onChange={set('email')}
        onBlur={blur('email')}
        error={errors.email}
        type="email"
        autoComplete="email"
        maxLength={128}
      />
      <Field label="专业" value={values.specialty} onChange={set('specialty')} maxLength={64} />
      <Field label="班级" value={values.classmate} onChange={set('classmate')} maxLength={64} />
      <div className="set-form__actions">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
