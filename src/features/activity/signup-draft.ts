import { getLocal, setLocal, STORAGE_KEYS } from '../../app/lib/storage';
import type { SignUpApplication } from '../../contract/tutors';
import type { SignUpForm } from './api';

/**
 * Unsent tutor sign-up forms, one per student and tutor, in local storage: what a student wrote
 * survives closing the dialog, a reload and a closed tab, and goes once it is submitted.
 */
type Drafts = Record<string, SignUpForm>;

const keyOf = (userId: string, tutorId: string) => `${userId}:${tutorId}`;
const all = () => getLocal<Drafts>(STORAGE_KEYS.signUpDrafts) ?? {};

export function loadDraft(userId: string, tutorId: string): SignUpForm | null {
  return all()[keyOf(userId, tutorId)] ?? null;
}

export function saveDraft(userId: string, tutorId: string, form: SignUpForm): void {
  setLocal(STORAGE_KEYS.signUpDrafts, { ...all(), [keyOf(userId, tutorId)]: form });
}

export function clearDraft(userId: string, tutorId: string): void {
  const { [keyOf(userId, tutorId)]: _gone, ...rest } = all();
  setLocal(STORAGE_KEYS.signUpDrafts, rest);
}

/** A cancelled application as the form (重新报名 starts from what was sent last time). */
export function formOfApplication(a: SignUpApplication): SignUpForm {
  return { ...a, sex: a.sex === '0' || a.sex === '1' ? a.sex : '' };
}

/** Whether two forms hold the same text (a form equal to its starting point has nothing typed to lose). */
export function sameForm(a: SignUpForm, b: SignUpForm): boolean {
  return (Object.keys(a) as (keyof SignUpForm)[]).every((k) => a[k] === b[k]);
}
