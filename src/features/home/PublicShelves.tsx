import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { withQuery } from '../../app/router/hash-location';
import { openLogin } from '../../app/ui-store';
import { ListStatus } from '../../app/ui/ListStatus';
import { CardGrid, CardGridItem, MediaCard } from '../../app/ui/MediaCard';
import { useRemote, type RemoteState } from '../../app/ui/use-remote';
import { fetchPublicCases, fetchPublicCourses } from './api';
import { CaseCard } from './CaseCard';

/**
 * Home before login (issue 18 item 7): the public catalogue — courses, project cases and practice
 * with covers, teachers and counts — to browse. The cards link to the detail screens, which are
 * guarded: the first click there opens the login dialog (RequireLogin) and the screen renders
 * once signed in.
 */
export function PublicShelves() {
  const courses = useRemote(fetchPublicCourses, []);
  const cases = useRemote(() => fetchPublicCases(1), []);
  const practice = useRemote(() => fetchPublicCases(2, 4), []);
  return (
    <>
      {/* the box sits inside the container's padding, so it is as wide as the shelves' column below */}
      <section className="container home__shelf" aria-labelledby="home-invite">
        <div className="home__invite">
          <h2 id="home-invite">登录后查看为你推荐的课程与学习记录</h2>
          <button type="button" className="home__invite-btn" onClick={openLogin}>
            学生登录
          </button>
        </div>
      </section>
      <Shelf id="home-courses" title="专业课程" more={{ to: '/course/list', text: '全部课程 ›' }} remote={courses} empty="暂无课程">
        {(courses.data ?? []).map((c) => (
          <CardGridItem key={c.courseId}>
            <MediaCard
              href={withQuery('/course/detail', { id: c.courseId })}
              title={c.name}
              cover={c.cover}
              tag={c.category}
              desc={c.intro}
              meta={
                <>
                  <span>{c.teacherName}</span>
                  <span>{c.sectionCount} 节</span>
                  <span>{c.studyCount} 人在学</span>
                </>
              }
            />
          </CardGridItem>
        ))}
      </Shelf>
      <Shelf id="home-cases" title="项目案例" more={{ to: '/project/list', text: '全部案例 ›' }} remote={cases} empty="暂无项目案例">
        {(cases.data ?? []).map((c) => (
          <CaseCard key={c.caseId} c={c} />
        ))}
      </Shelf>
      <Shelf id="home-practice" title="实践训练" more={{ to: '/practice', text: '全部训练 ›' }} remote={practice} empty="暂无实践训练">
        {(practice.data ?? []).map((c) => (
          <CaseCard key={c.caseId} c={c} kind="practice" />
        ))}
      </Shelf>
    </>
  );
}

function Shelf({
  id,
  title,
  more,
  remote,
  empty,
  children,
}: {
  id: string;
  title: string;
  more: { to: string; text: string };
  remote: RemoteState<unknown[]> & { reload(): void };
  empty: string;
  children: ReactNode;
}) {
  return (
    <section className="container home__shelf" aria-labelledby={id}>
      <div className="home__shelf-head">
        <h2 id={id}>{title}</h2>
        <Link href={more.to}>{more.text}</Link>
      </div>
      <ListStatus label={title} status={remote.status} hasData={!!remote.data?.length} error={remote.error} onRetry={remote.reload} emptyText={empty}>
        <CardGrid label={title}>{children}</CardGrid>
      </ListStatus>
    </section>
  );
}
