import { Link, useSearchParams } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { ApiFailure, unwrap } from '../../app/ui/use-remote';
import { courseExam, type Paper } from './api';
import { AnswerSheet } from './AnswerSheet';
import { MissingExam } from './MissingExam';

/** The refusal for an exam of another course than the address names (the server's word for a bad examId). */
export const NOT_THIS_COURSE = '考试不存在';

/**
 * The address names the course as well as the exam: an exam of another course (a hand-edited or
 * stale courseId) is refused rather than shown, with its result, under this course's name.
 */
function ofCourse(paper: Paper, courseId: string): Paper {
  if (courseId && paper.courseId !== courseId) throw new ApiFailure(NOT_THIS_COURSE, 404);
  return paper;
}

/** CourseAnswer (`/exam/courseAnswer?courseId=&examId=`): take a course exam; same sheet as Answer. */
export function CourseAnswer() {
  const [params] = useSearchParams();
  const courseId = params.get('courseId') ?? '';
  const examId = params.get('examId') ?? '';
  if (!examId) return <MissingExam back={{ href: '/exam/courseExam', label: '返回课程考试' }} />;
  return (
    <AnswerSheet
      load={() =>
        courseExam(examId)
          .then(unwrap)
          .then((paper) => ofCourse(paper, courseId))
      }
      deps={[examId, courseId]}
      back={{ href: withQuery('/exam/courseExam', { courseId }), label: '课程考试' }}
      refused={(errMsg) => (
        // Not signed up (the only 403 here): say so and lead to the course's sign-up, not a retry.
        <p className="exam-notice" role="alert">
          {errMsg}。{courseId && <Link href={withQuery('/course/detail', { id: courseId })}>去报名</Link>}
        </p>
      )}
    />
  );
}
