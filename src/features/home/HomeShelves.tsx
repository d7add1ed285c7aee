import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { session } from '../../app/session/session-store';
import { ListStatus } from '../../app/ui/ListStatus';
import { LastStudyCard } from '../../app/study/LastStudyCard';
import { CardProgress, coursePercent } from '../../app/ui/CardProgress';
import { CardGrid, CardGridItem, MediaCard } from '../../app/ui/MediaCard';
import { useRemote } from '../../app/ui/use-remote';
import { FEATURED_CASES, fetchFeaturedCases, fetchHomeCourses } from './api';
import { PublicShelves } from './PublicShelves';
import { CaseCard } from './CaseCard';

// One row of the desktop grid per shelf; the catalogue is one click away (更多课程).
const SHELF_SIZE = FEATURED_CASES;

/**
 * Home's last-study-record card and two shelves: recommended courses (homeCourse) and featured project cases. A visitor
 * sees the public catalogue instead (PublicShelves).
 */
export function HomeShelves() {
  const { token } = useSnapshot(session);
  if (!token) return <PublicShelves />;
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
        <ListStatus
          label="推荐课程"
          status={courses.status}
          hasData={!!courses.data?.length}
          error={courses.error}
          onRetry={courses.reload}
          emptyText="暂无推荐课程"
        >
          <CardGrid label="推荐课程">
            {(courses.data ?? []).slice(0, SHELF_SIZE).map((c) => (
              <CardGridItem key={c.courseId}>
                <MediaCard
                  href={withQuery('/course/detail', { id: c.courseId })}
                  title={c.name}
                  cover={c.cover}
                  desc={c.intro}
                  meta={
                    <>
                      <span>{c.teacherName}</span>
                      <span>{c.studyCount} 人在学</span>
                      <CardProgress applyStatus={c.isSignUp} progress={coursePercent(c)} />
                    </>
                  }
                />
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
        <ListStatus
          label="精选项目案例"
          status={cases.status}
          hasData={!!cases.data?.length}
          error={cases.error}
          onRetry={cases.reload}
          emptyText="暂无项目案例"
        >
          <CardGrid label="精选项目案例">
            {(cases.data ?? []).map((c) => (
              <CaseCard key={c.caseId} c={c} withTeacher={false} />
            ))}
          </CardGrid>
        </ListStatus>
      </section>
    </>
  );
}
