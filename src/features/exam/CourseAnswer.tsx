import { Link, useSearchParams } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { Empty } from '../../app/ui/Empty';
import { unwrap } from '../../app/ui/use-remote';
import { courseExam } from './api';
import { AnswerSheet } from './AnswerSheet';

/** CourseAnswer (`/exam/courseAnswer?courseId=&examId=`): take a course exam; same sheet as Answer. */
export function CourseAnswer() {
  const [params] = useSearchParams();
  const courseId = params.get('courseId') ?? '';
  const examId = params.get('examId') ?? '';
  if (!examId) return <Empty text="缺少考试信息，请从考试列表进入" />;
  return (
    <AnswerSheet
      load={() => courseExam(examId).then(unwrap)}
      deps={[examId]}
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
