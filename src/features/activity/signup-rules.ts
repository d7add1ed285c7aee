import { RESULT_OK, type Envelope } from '../../app/http/client';
import { validatePhone } from '../../app/lib/validators';
import type { User } from '../../app/session/session-store';
import type { Page } from '../../app/http/page';
import { PAGE_SIZE, type SignUpForm, type SignUpStatus, type TutorItem } from './api';

export const STATUS_LABEL: Record<SignUpStatus, string> = { 0: '申请中', 1: '报名成功', 2: '报名失败', 3: '已取消' };

export type SignUpAction = 'cancel' | 'reapply' | 'apply';

export interface StatusInput {
  status?: SignUpStatus | null;
  signStatus?: number;
  /** from the query (or the tutor when the query has none); compared as text: '1' or 1 */
  isSignIn?: string | number | null;
  /** set (non-empty) when the activity screen found an active sign-up */
  isDone?: string | null;
}

/**
 * What the detail screen offers for a sign-up status (SPEC §4): 0 → 取消申请 with 申请中;
 * 1 报名成功; 2 报名失败; 3 → 重新报名 unless the tutor is full; none → 立即报名 unless
 * isSignIn is 1, isDone is set or the tutor is full.
 */
export function statusActions({ status, signStatus, isSignIn, isDone }: StatusInput): { label?: string; action?: SignUpAction } {
  const full = Number(signStatus) === 1;
  switch (status) {
    case 0:
      return { label: STATUS_LABEL[0], action: 'cancel' };
    case 1:
    case 2:
      return { label: STATUS_LABEL[status] };
    case 3:
      return full ? { label: STATUS_LABEL[3] } : { label: STATUS_LABEL[3], action: 'reapply' };
    default:
      return String(isSignIn) === '1' || !!isDone || full ? {} : { action: 'apply' };
  }
}

/** Status 0 (applying) or 1 (accepted) counts as a sign-up already made (SPEC §3). */
export const isActive = (t: Pick<TutorItem, 'status'>) => t.status === 0 || t.status === 1;

/**
 * The student's active sign-up, if any (SPEC §7 existing sign-up check): with more than one page
 * of tutors the whole list is requested (currentSize = total), otherwise, or when that request
 * fails or answers non-200, the loaded page is searched.
 */
export async function findActiveSignUp(
  loaded: Page<TutorItem>,
  fetchAll: (total: number) => Promise<Envelope<Page<TutorItem>>>,
): Promise<TutorItem | undefined> {
  if (loaded.total > PAGE_SIZE) {
    try {
      const res = await fetchAll(loaded.total);
      if (res.resultCode === RESULT_OK && res.data) return res.data.records.find(isActive);
    } catch {
      // network failure: fall back to what is on screen
    }
  }
  return loaded.records.find(isActive);
}

export type SignUpField = keyof SignUpForm;

export const SIGNUP_FIELDS: readonly SignUpField[] = [
  'name',
  'sex',
  'identityNumber',
  'phone',
  'studentNo',
  'specialty',
  'classmate',
  'introduction',
  'specialtyHobby',
  'goalsIdeas',
];

/** The required message of every field (SPEC §5). */
export const REQUIRED_MSG: Record<SignUpField, string> = {
  name: '请输入姓名',
  sex: '请选择性别',
  identityNumber: '请输入身份证号',
  phone: '请输入手机号',
  studentNo: '请输入学号',
  specialty: '请输入专业',
  classmate: '请输入班级',
  introduction: '请输入自我介绍',
  specialtyHobby: '请输入特长爱好',
  goalsIdeas: '请输入目标理想',
};

/** One field's message or null: every field is required; the phone must also be a valid number. */
export function signUpFieldError(field: SignUpField, form: SignUpForm): string | null {
  const value = form[field].trim();
  if (value === '') return REQUIRED_MSG[field];
  return field === 'phone' ? validatePhone(value) : null;
}

/** The form prefilled from the signed-in user's profile (SPEC §5); the rest starts empty. */
export function prefillSignUp(user: Pick<User, 'username' | 'sex' | 'identityNumber' | 'phone' | 'studentNo' | 'specialty' | 'classmate'> | null): SignUpForm {
  const sex = String(user?.sex ?? '');
  return {
    name: user?.username ?? '',
    sex: sex === '0' || sex === '1' ? sex : '',
    identityNumber: user?.identityNumber ?? '',
    phone: user?.phone ?? '',
    studentNo: user?.studentNo ?? '',
    specialty: user?.specialty ?? '',
    classmate: user?.classmate ?? '',
    introduction: '',
    specialtyHobby: '',
    goalsIdeas: '',
  };
}
