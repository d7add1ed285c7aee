import { MESSAGES, validateEmail, validatePassword, validatePhone } from '../../app/lib/validators';

export interface ProfileValues {
  username: string;
  sex: '0' | '1';
  phone: string;
  email: string;
  specialty: string;
  classmate: string;
}

export type ProfileField = keyof ProfileValues;

/** One profile field's message, or null. Phone and email are optional (SPEC §5). */
export function profileFieldError(field: ProfileField, values: ProfileValues): string | null {
  switch (field) {
    case 'username':
      return values.username.trim() === '' ? MESSAGES.required : null;
    case 'phone':
      return validatePhone(values.phone.trim());
    case 'email':
      return validateEmail(values.email.trim());
    default:
      return null;
  }
}

/**
 * The fields that differ from what the form was filled with (text trimmed), or null when none:
 * what a save sends (the server changes only the fields it is sent).
 */
export function changedFields(before: ProfileValues, now: ProfileValues): Partial<ProfileValues> | null {
  const patch: Partial<Record<ProfileField, string>> = {};
  for (const key of Object.keys(now) as ProfileField[]) {
    const value = key === 'sex' ? now.sex : now[key].trim();
    if (value !== before[key].trim()) patch[key] = value;
  }
  return Object.keys(patch).length ? (patch as Partial<ProfileValues>) : null;
}

export interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export type PasswordField = keyof PasswordValues;

export const PASSWORD_MISMATCH = '两次输入的新密码不一致';
export const PASSWORD_SAME = '新密码不能与原密码相同';

/** SPEC §5: required (输入不可以为空), and the new one must mix letters and digits. */
export function passwordFieldError(field: PasswordField, v: PasswordValues): string | null {
  switch (field) {
    case 'oldPassword':
      return v.oldPassword === '' ? MESSAGES.required : null;
    case 'newPassword':
      return validatePassword(v.newPassword) ?? (v.newPassword === v.oldPassword ? PASSWORD_SAME : null);
    case 'confirm':
      if (v.confirm === '') return MESSAGES.required;
      return v.confirm === v.newPassword ? null : PASSWORD_MISMATCH;
  }
}
