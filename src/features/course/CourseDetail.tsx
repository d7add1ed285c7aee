import { Link, useSearchParams } from 'wouter';
import { formatDuration } from '../../app/lib/format';
import { openExternal } from '../../app/lib/external-url';
import { navigate, withQuery } from '../../app/router/hash-location';
import { BusyButton, useBusyAction } from '../../app/ui/BusyAction';
import { DetailHero, Panel, DetailStatus } from '../../app/ui/Detail';
import { toast } from '../../app/ui/toast-store';
import { useRemote } from '../../app/ui/use-remote';
import { checkSignedUp, fetchCourse, fetchCourseTree, fetchRecommendations, signUpCourse, type CourseNode } from './api';
import { courseProgress, NEED_SIGN_UP, sectionPath } from './course-tree';
import { CourseTree } from './CourseTree';
import './course.css';

/** /course/detail?id= : intro, teacher, chapter tree, sign-up, the checkout guard and recommendations. */
export function CourseDetail() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useRemote(async () => {
    const [course, tree, signedUp] = await Promise.all([fetchCourse(id), fetchCourseTree(id), checkSignedUp(id)]);
    return { id, course, tree, signedUp };
  }, [id]);
  const recs = useRemote(fetchRecommendations, []);
  const { busy, run } = useBusyAction();

  // useRemote keeps the last data while (and when failing) loading another id: another course's
  // detail (and its 立即报名) must never show under this address
  if (detail.data?.id !== id) {
    return <DetailStatus label="课程详情" remote={detail} back={{ href: '/course/list', label: '返回课程列表' }} />;
  }
  const { course, tree, signedUp } = detail.data;
  const progress = courseProgress(tree);

  const signUp = () =>
    run(async () => {
      await signUpCourse(course.courseId);
      toast.success('报名成功，开始学习吧！');
      detail.reload();
    });

  // The checkout guard: only signed-up students study. Synchronous, so window.open stays a direct
  // response to the click and is not blocked as a popup.
  const open = (s: CourseNode | undefined) => {
    if (!s) return;
    if (!signedUp) {
      toast.warning(NEED_SIGN_UP);
      return;
    }
    if (s.recommendUrl) openExternal(s.recommendUrl);
    else navigate(sectionPath(course.courseId, s));
  };

  const others = (recs.data ?? []).filter((r) => r.courseId !== course.courseId).slice(0, 5);

  return (
    <div className="container detail">
      <DetailHero
        id="course-title"
        title={course.name}
        cover={course.cover}
        crumbs={
          <>
            <Link href="/course/list">专业课程</Link> / {course.category || '课程'}
          </>
        }
        facts={[
          `授课教师：${course.teacherName || '—'}`,
          `${progress.sections} 节`,
          `总时长 ${formatDuration(progress.duration)}`,
          `${course.studyCount} 人在学`,
          signedUp ? `已学 ${progress.done}/${progress.sections}` : null,
        ]}
        actions={
          signedUp ? (
            <>
              <span className="detail__signed">已报名</span>
              <button type="button" className="btn btn--primary" onClick={() => open(progress.next)} disabled={!progress.next}>
                {progress.done > 0 ? '继续学习' : '开始学习'}
              </button>
            </>
          ) : (
            <BusyButton busy={busy} busyText="报名中…" onClick={() => void signUp()}>
              立即报名
            </BusyButton>
          )
        }
      />

      <div>
        <Panel id="course-intro" title="课程介绍">
          <p className="panel__text">{course.intro || '暂无介绍'}</p>
        </Panel>
        <Panel id="course-outline" title="课程目录">
          {tree.length ? <CourseTree tree={tree} onOpen={open} /> : <p className="panel__text">课程目录正在建设中</p>}
        </Panel>
      </div>

      <aside>
        <Panel id="course-teacher" title="授课教师">
          <p className="panel__text">{course.teacherName || '—'}</p>
        </Panel>
        {others.length > 0 && (
          <Panel id="course-recs" title="相关推荐">
            <ul className="rec-list">
              {others.map((r) => (
                <li key={r.uuid}>
                  <Link href={withQuery('/course/detail', { id: r.courseId })}>{r.name}</Link>
                  {r.reason && <p>{r.reason}</p>}
                </li>
              ))}
            </ul>
          </Panel>
        )}
      </aside>
    </div>
  );
}
