import { beforeEach, describe, expect, it } from 'vitest';
import type { Question } from './api';
import { answeredCount, choose, clearDraft, draftKey, loadDraft, saveDraft, toSubmission } from './answer-state';

const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ key: 'ABCD'[i]!, text: `选项${i}` }));
const questions: Question[] = [
  { questionId: 'q1', qType: 1, stem: '单选', options: opts(4), score: 25 },
  { questionId: 'q2', qType: 2, stem: '多选', options: opts(4), score: 25 },
  { questionId: 'q3', qType: 3, stem: '判断', options: opts(2), score: 25 },
];

beforeEach(() => localStorage.clear());

describe('answer state', () => {
  it('replaces single and true/false choices, toggles multiple ones in sorted order', () => {
    expect(choose('A', 'C', 1)).toBe('C');
    expect(choose('', 'B', 3)).toBe('B');
    expect(choose('', 'C', 2)).toBe('C');
    expect(choose('C', 'A', 2)).toBe('AC');
    expect(choose('AC', 'C', 2)).toBe('A');
    expect(choose('A', 'A', 2)).toBe('');
  });

  it('counts answered questions and submits every question, unanswered as empty', () => {
    const answers = { q1: 'B', q2: '', q3: 'A' };
    expect(answeredCount(questions, answers)).toBe(2);
    expect(toSubmission(questions, { q1: 'B' })).toEqual([
      { questionId: 'q1', answer: 'B' },
      { questionId: 'q2', answer: '' },
      { questionId: 'q3', answer: '' },
    ]);
  });

  it('autosaves per student, exam and attempt, and restores only what fits the paper', () => {
    const key = draftKey('stu-1', 'exam-1', 2);
    expect(key).toBe('xuetu.exam.stu-1.exam-1.2');
    saveDraft(key, { q1: 'B', q2: 'AD' });
    expect(loadDraft(key, questions)).toEqual({ q1: 'B', q2: 'AD' });
    expect(loadDraft(draftKey('stu-2', 'exam-1', 2), questions)).toEqual({});
    expect(loadDraft(draftKey('stu-1', 'exam-1', 3), questions)).toEqual({});
    localStorage.setItem(key, JSON.stringify({ q1: 'Z', q3: 'C', q9: 'A', q2: 5 }));
    expect(loadDraft(key, questions)).toEqual({});
    localStorage.setItem(key, '{not json');
    expect(loadDraft(key, questions)).toEqual({});
    clearDraft(key);
    expect(localStorage.getItem(key)).toBeNull();
  });
});
