import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';
import { ATTEMPT_CLOSED } from './exams';

// One exam open on two pages (or devices): the page that hands in second answered an attempt
// that is closed now. It must be told so (409), and never open or fill another attempt in its
// name — an untimed exam used to start the next attempt on that hand-in, spending the student's
// last try without a word.
const t = useTestApp({ normal: NORMAL });
const EXAM = 'exam-course-01-mid'; // untimed, two attempts

const answers = [{ questionId: `${EXAM}-q1`, answer: 'A' }];
const submit = (attemptNo: number) => t.post(t.tokens.normal, '/api/course/nodeTestUser/submitExam', { examId: EXAM, answers, attemptNo });
const save = (attemptNo: number) => t.post(t.tokens.normal, '/api/course/nodeTestUser/saveAnswers', { examId: EXAM, answers, attemptNo });
const attemptCount = async () =>
  (await t.get(t.tokens.normal, `/api/course/nodeTestUser/getExamByCourseId?courseId=course-01`)).data.exams.find((e: { examId: string }) => e.examId === EXAM)
    .attemptCount;

describe('a hand-in from a second page of the same attempt', () => {
  it('answers 409 and opens no new attempt; saving on it answers 409 too', async () => {
    const started = await t.post(t.tokens.normal, '/api/course/nodeTestUser/startExam', { examId: EXAM });
    const no = started.data.attempt.attemptNo as number;
    expect((await submit(no)).data).toMatchObject({ attemptNo: no });
    const count = await attemptCount();
    expect(await submit(no)).toMatchObject({ resultCode: 409, errMsg: ATTEMPT_CLOSED });
    expect(await save(no)).toMatchObject({ resultCode: 409, errMsg: ATTEMPT_CLOSED });
    expect(await attemptCount()).toBe(count);
    // the next attempt is still the student's to start
    const next = await t.post(t.tokens.normal, '/api/course/nodeTestUser/startExam', { examId: EXAM });
    expect(next.data.attempt.attemptNo).toBe(no + 1);
  });
});
