import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { session } from '../../app/session/session-store';
import { openLogin } from '../../app/ui-store';
import { ListStatus } from '../../app/ui/ListStatus';
import { LastStudyCard } from '../../app/study/LastStudyCard';
import { CardGrid, CardGridItem, MediaCard } from '../../app/ui/MediaCard';
import { useRemote } from '../../app/ui/use-remote';
import { FEATURED_CASES, fetchFeaturedCases, fetchHomeCourses } from './api';

// One row of the desktop grid per shelf; the catalogue is one click away (更多课程).
const SHELF_SIZE = FEATURED_CASES;

/**
 * Home's last-study-record card and two shelves: recommended courses (homeCourse) and featured project cases. The course
 * service answers signed-in students only, so a visitor sees an invitation to log in instead.
 */
export function HomeShelves() {
  const { token } = useSnapshot(session);
  if (!token) {
    return (
      <section className="container home__shelf home__invite" aria-labelledby="home-invite">
        <h2 id="home-invite">登录后查看为你推荐的课程与项目案例</h2>
        <button type="button" className="home__invite-btn" onClick={openLogin}>
          学生登录
        </button>
      </section>
    );
  }
  return <SignedInShelves token={token} />;
}

function SignedInShelves({ token }: { token: string }) {
  const courses = useRemote(fetchHomeCourses, [token]);
  const cases = useRemote(fetchFeaturedCases, [token]);
  return (
    <>
      <div className="container home__last">
        <LastStudyCard />
      </div>
      <section className="container home__shelf" aria-labelledby="home-courses">
        <div className="home__shelf-head">
          <h2 id="home-courses">推荐课程</h2>
          <Link href="/course/list">更多课程 ›</Link>
        </div>
        <ListStatus label="推荐课程" status={courses.status} hasData={!!courses.data?.length} error={courses.error} onRetry={courses.reload} emptyText="暂无推荐课程">
          <CardGrid label="推荐课程">
            {(courses.data ?? []).slice(0, SHELF_SIZE).map((c) => (
              <CardGridItem key={c.courseId}>
                <MediaCard href={withQuery('/course/detail', { id: c.courseId })} title={c.name} cover={c.cover} desc={c.intro} meta={<><span>{c.teacherName}</span><span>{c.studyCount} 人在学</span></>} />
              </CardGridItem>
            ))}
          </CardGrid>
        </ListStatus>
      </section>
      <section className="container home__shelf" aria-labelledby="home-cases">
        <div className="home__shelf-head">
          <h2 id="home-cases">精选项目案例</h2>
          <Link href="/project/list">更多案例 ›</Link>
        </div>
        <ListStatus label="精选项目案例" status={cases.status} hasData={!!cases.data?.length} error={cases.error} onRetry={cases.reload} emptyText="暂无项目案例">
          <CardGrid label="精选项目案例">
            {(cases.data ?? []).map((c) => (
              <CardGridItem key={c.caseId}>
                <MediaCard href={withQuery('/project/detail', { id: c.caseId })} title={c.name} cover={c.cover} tag={c.classifyName || undefined} desc={c.intro} meta={<><span>{c.nodeCount} 个知识点</span><span>{c.studyCount} 人在学</span></>} />
              </CardGridItem>
            ))}
          </CardGrid>
        </ListStatus>
      </section>
    </>
  );
}
