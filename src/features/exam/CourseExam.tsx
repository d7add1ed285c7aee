import { Link, useSearchParams } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { useListQuery } from '../../app/ui/list-query';
import { isRefusal, ListStatus } from '../../app/ui/ListStatus';
import { Pager } from '../../app/ui/Pager';
import { unwrap, useRemote } from '../../app/ui/use-remote';
import { courseExams, pageExams } from './api';
import { ExamRow } from './ExamRow';
import './exam.css';

const NO_FILTERS: readonly never[] = [];
/** Shown instead of 开始考试 before the student signs up (the server refuses the paper until then). */
export const LOCKED_HINT = '报名课程后可参加';

/**
 * CourseExam (`/exam/courseExam`): with `?courseId=` the course's exams and their rules (the intro
 * before CourseAnswer); without it, the course exams of every course the student signed up for.
 */
export function CourseExam() {
  const [params] = useSearchParams();
  const courseId = params.get('courseId') ?? '';
  return <div className="container exam-page">{courseId ? <OneCourse courseId={courseId} /> : <AllCourses />}</div>;
}

function OneCourse({ courseId }: { courseId: string }) {
  const state = useRemote(() => courseExams(courseId).then(unwrap), [courseId]);
  // Another course's exams (the address changed, its load not answered yet) count as none.
  const data = state.data?.courseId === courseId ? state.data : undefined;
  // 课程不存在 (a bad courseId) is the page's heading, with the way back to the list, not 重试.
  const refused = state.status === 'error' && isRefusal(state.resultCode);
  return (
    <>
      <nav className="exam-crumbs" aria-label="面包屑">
        <Link href="/exam/exam">在线考试</Link> <span aria-hidden="true">/</span> <Link href="/exam/courseExam">课程考试</Link>
      </nav>
      {!refused && (
        <header className="exam-head">
          <h1>{data ? `${data.courseName} · 课程考试` : '课程考试'}</h1>
          {data && <p className="exam-head__meta">授课教师：{data.teacherName}</p>}
        </header>
      )}
      <ListStatus
        refused={{ resultCode: state.status === 'error' ? state.resultCode : undefined, back: { href: '/exam/courseExam', label: '返回课程考试' } }}
        status={state.status}
        hasData={!!data && data.exams.length > 0}
        error={state.error}
        onRetry={state.reload}
        emptyText="该课程暂无考试"
        label="课程考试列表"
      >
        {data && (
          <>
            {!data.isSignUp && (
              <p className="exam-notice" role="note">
                报名该课程后即可参加课程考试。<Link href={withQuery('/course/detail', { id: courseId })}>去报名</Link>
              </p>
            )}
            <ul className="exam-list">
              {data.exams.map((e) => (
                <ExamRow key={e.examId} exam={e} showSource={false} locked={data.isSignUp ? undefined : LOCKED_HINT}>
                  {e.intro && <p className="exam-row__intro">{e.intro}</p>}
                </ExamRow>
              ))}
            </ul>
          </>
        )}
      </ListStatus>
    </>
  );
}

function AllCourses() {
  const [{ page }, update] = useListQuery(NO_FILTERS);
  const state = useRemote(() => pageExams(page, { examType: '2' }).then(unwrap), [page]);
  const records = state.data?.records ?? [];
  return (
    <>
      <header className="exam-head">
        <h1>课程考试</h1>
        <p className="exam-head__meta">已报名课程的期中、期末与单元考试。</p>
      </header>
      <ListStatus
        status={state.status}
        hasData={records.length > 0}
        error={state.error}
        onRetry={state.reload}
        emptyText="暂无课程考试，报名课程后即可参加"
        label="课程考试列表"
      >
        {state.data && (
          <>
            <ul className="exam-list">
              {records.map((e) => (
                <ExamRow key={e.examId} exam={e} />
              ))}
            </ul>
            <Pager page={page} pages={state.data.pages} onChange={(p) => update({ page: p })} label="课程考试分页" />
          </>
        )}
      </ListStatus>
    </>
  );
}
