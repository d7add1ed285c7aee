import { useCallback } from 'react';
import { Link, useSearchParams } from 'wouter';
import { formatDuration } from '../../app/lib/format';
import { openExternal } from '../../app/lib/external-url';
import { navigate, withQuery } from '../../app/router/hash-location';
import { ContentRefusal, ContentShell } from '../../app/ui/ContentShell';
import { ListStatus } from '../../app/ui/ListStatus';
import { useRemote } from '../../app/ui/use-remote';
import { checkSignedUp, fetchCourse, fetchCourseTree, type CourseNode } from './api';
import { NEED_SIGN_UP, sectionPath, sectionsOf } from './course-tree';
import { CoursePlayer } from './CoursePlayer';
import { CourseTree } from './CourseTree';
import './course.css';

/**
 * /course/content?courseId&videoId&nodeId&name&duration (SPEC §2, outside the main layout): the
 * section's video beside the chapter tree, previous/next section, and a way back to the course.
 * Only signed-up students study (checkout); a section with a recommend URL is an external link.
 */
export function CourseContent() {
  const [params] = useSearchParams();
  const courseId = params.get('courseId') ?? '';
  const nodeId = params.get('nodeId') ?? '';
  const queryName = params.get('name') ?? '';
  const guard = useRemote(async () => {
    const [course, signedUp] = await Promise.all([fetchCourse(courseId), checkSignedUp(courseId)]);
    return { course, signedUp };
  }, [courseId]);
  const tree = useRemote(() => fetchCourseTree(courseId), [courseId]);
  const reloadTree = tree.reload;

  const sections = sectionsOf(tree.data ?? []);
  const index = sections.findIndex((s) => (s.nodeId ?? s.uuid) === nodeId);
  const section = index >= 0 ? sections[index] : undefined;
  const back = { href: withQuery('/course/detail', { id: courseId }), label: '返回课程详情' };
  const title = section?.name ?? queryName ?? '课程学习';

  // Refresh the tree's markers when a report changes the section's state (e.g. learnt at the end).
  const onStudy = useCallback(
    (isStudy: number) => {
      if (section && Number(section.isStudy) !== isStudy) reloadTree();
    },
    [section, reloadTree],
  );

  const open = (s: CourseNode | undefined) => {
    if (!s) return;
    if (s.recommendUrl) openExternal(s.recommendUrl);
    else navigate(sectionPath(courseId, s));
  };

  if (!guard.data || !tree.data) {
    const failed = guard.status === 'error' ? guard : tree;
    return (
      <ContentShell back={back} title={title}>
        <ListStatus
          label="课程内容"
          status={failed.status}
          hasData={false}
          error={failed.error}
          onRetry={() => (guard.reload(), tree.reload())}
          refused={{ resultCode: failed.status === 'error' ? failed.resultCode : undefined, back, level: 2 }}
        >
          {null}
        </ListStatus>
      </ContentShell>
    );
  }

  const { course, signedUp } = guard.data;
  if (!signedUp) {
    return (
      <ContentShell back={back} title={title} context={course.name}>
        <ContentRefusal title={NEED_SIGN_UP} text="报名后即可观看课程视频，学习进度会自动保存。">
          <Link href={back.href} className="btn btn--primary">
            去报名
          </Link>
        </ContentRefusal>
      </ContentShell>
    );
  }

  const prev = index > 0 ? sections[index - 1] : undefined;
  const next = index >= 0 ? sections[index + 1] : undefined;

  return (
    <ContentShell
      back={back}
      title={title}
      context={course.name}
      asideLabel="课程目录"
      aside={<CourseTree tree={tree.data} onOpen={open} currentId={nodeId} />}
    >
      {!section ? (
        <ContentRefusal title="该小节不存在" text="课程目录可能已经调整，请从目录中重新选择要学习的小节。" />
      ) : section.recommendUrl ? (
        <ContentRefusal title="本节为外部推荐资源" text="该小节的学习内容在外部网站，将在新标签页中打开。">
          <button type="button" className="btn btn--primary" onClick={() => openExternal(section.recommendUrl)}>
            打开学习资源
          </button>
        </ContentRefusal>
      ) : (
        <>
          <CoursePlayer courseId={courseId} section={section} onStudy={onStudy} />
          <p className="content-shell__note">时长 {formatDuration(section.duration)} · 学习进度自动保存，看过视频的 90% 即记为已学</p>
        </>
      )}
      <nav className="content-shell__nav" aria-label="小节切换">
        <button type="button" className="btn" onClick={() => open(prev)} disabled={!prev}>
          上一节
        </button>
        <button type="button" className="btn" onClick={() => open(next)} disabled={!next}>
          下一节
        </button>
      </nav>
    </ContentShell>
  );
}
