import { useRef } from 'react';
import { saveUserRecord } from '../../app/study/study-api';
import { TrackedVideo, VideoPlaceholder } from '../../app/study/TrackedVideo';
import { toast } from '../../app/ui/toast-store';
import { errorText, useRemote } from '../../app/ui/use-remote';
import { VIDEO_UNAVAILABLE } from '../../app/ui/VideoPlayer';
import { fetchLearnLocation, fetchVideoUrl, type CourseNode } from './api';

export interface CoursePlayerProps {
  courseId: string;
  section: CourseNode;
  /** the server's isStudy for the section after a report (the tree refreshes its marker) */
  onStudy(isStudy: number): void;
}

/**
 * One section's video: fetches its URL (getVideoUrl) and where the student left off
 * (selectLearnLocation), resumes there and reports progress (saveUserRecord, see TrackedVideo).
 */
export function CoursePlayer({ courseId, section, onStudy }: CoursePlayerProps) {
  const nodeId = section.nodeId ?? section.uuid;
  const onStudyRef = useRef(onStudy);
  onStudyRef.current = onStudy;
  const media = useRemote(async () => {
    const [url, loc] = await Promise.all([
      fetchVideoUrl(section.videoId).catch((e: unknown) => {
        // SPEC §8: errMsg as an error toast, the source cleared, and the fixed message on screen.
        toast.error(errorText(e));
        return '';
      }),
      // this section's own place: asked by course alone, only the section touched last resumed
      fetchLearnLocation(courseId, nodeId).catch(() => null),
    ]);
    const here = loc && loc.nodeId === nodeId ? loc : null;
    return { url, start: { position: here?.position ?? 0, watched: here?.watched ?? 0, isStudy: here?.isStudy } };
  }, [courseId, nodeId, section.videoId]);

  if (!media.data || media.status === 'loading') return <VideoPlaceholder text="视频加载中…" />;
  if (!media.data.url) return <VideoPlaceholder text={VIDEO_UNAVAILABLE} alert />;
  return (
    <TrackedVideo
      key={nodeId}
      src={media.data.url}
      label={`视频：${section.name}`}
      start={media.data.start}
      report={(p, keepalive) => saveUserRecord({ courseId, nodeId }, p, keepalive).then((r) => (onStudyRef.current(r.isStudy ?? 0), r))}
    />
  );
}
