import type { Question, QuestionType } from './api';

/** questionId → chosen option keys, sorted ("AC"); absent or '' means unanswered. */
export type Answers = Record<string, string>;

/** The new answer after the student picks `key`: single and true/false replace, multiple toggles. */
export function choose(current: string, key: string, qType: QuestionType): string {
  if (qType !== 2) return key;
  const set = new Set(current.split('').filter(Boolean));
  if (set.has(key)) set.delete(key);
  else set.add(key);
  return [...set].sort().join('');
}

export const answeredCount = (questions: Question[], answers: Answers) => questions.filter((q) => (answers[q.questionId] ?? '') !== '').length;

/** The submit body: every question, unanswered ones as '' (graded wrong). */
export const toSubmission = (questions: Question[], answers: Answers) =>
  questions.map((q) => ({ questionId: q.questionId, answer: answers[q.questionId] ?? '' }));

/**
 * Answers are kept in localStorage per student, exam and attempt, so a reload, a crash or a
 * re-login resumes where the student was; a new attempt starts blank. Removed after submission.
 */
export const draftKey = (userId: string, examId: string, attemptNo: number) => `xuetu.exam.${userId}.${examId}.${attemptNo}`;

export function loadDraft(key: string, questions: Question[]): Answers {
  try {
    return validAnswers(JSON.parse(localStorage.getItem(key) ?? '{}'), questions);
  } catch {
    return {};
  }
}

/** Only answers to questions of this paper, made of option keys it offers. */
export function validAnswers(raw: unknown, questions: Question[]): Answers {
  if (!raw || typeof raw !== 'object') return {};
  const out: Answers = {};
  for (const q of questions) {
    const v = (raw as Record<string, unknown>)[q.questionId];
    if (typeof v === 'string' && v.split('').every((k) => q.options.some((o) => o.key === k))) out[q.questionId] = v;
  }
  return out;
}

/**
 * Where an open attempt resumes: the answers saved on the server (another device, a cleared
 * browser), overridden by this browser's draft, which is saved on every change and so never older.
 */
export const resumeAnswers = (key: string, questions: Question[], saved: Answers | undefined): Answers => ({
  ...validAnswers(saved, questions),
  ...loadDraft(key, questions),
});

export function saveDraft(key: string, answers: Answers): void {
  try {
    localStorage.setItem(key, JSON.stringify(answers));
  } catch {
    // storage full or disabled: the exam still works, only without reload protection
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}
