import { useEffect, useMemo, useRef } from 'react';
import { formatDuration } from '../../app/lib/format';
import { toast } from '../../app/ui/toast-store';
import { errorText, useRemote } from '../../app/ui/use-remote';
import { VIDEO_UNAVAILABLE, VideoPlayer } from '../../app/ui/VideoPlayer';
import { fetchLearnLocation, fetchVideoUrl, saveProgress, type CourseNode } from './api';
import { ProgressTracker } from './progress-tracker';

export interface CoursePlayerProps {
  courseId: string;
  section: CourseNode;
  /** the server's isStudy for the section after a report (the tree refreshes its marker) */
  onStudy(isStudy: number): void;
}

/**
 * One section's video: fetches its URL (getVideoUrl) and where the student left off
 * (selectLearnLocation), resumes there, and reports progress on the first second, every 15 s of
 * playback, on pause and end, when leaving the section, and when the page is hidden or unloaded.
 */
export function CoursePlayer({ courseId, section, onStudy }: CoursePlayerProps) {
  const nodeId = section.nodeId ?? section.uuid;
  const media = useRemote(async () => {
    const [url, loc] = await Promise.all([
      fetchVideoUrl(section.videoId).catch((e: unknown) => {
        // SPEC §8: errMsg as an error toast, the source cleared, and the fixed message on screen.
        toast.error(errorText(e));
        return '';
      }),
      fetchLearnLocation(courseId).catch(() => null),
    ]);
    const here = loc && loc.nodeId === nodeId ? loc : null;
    return { url, start: { position: here?.position ?? 0, watched: here?.watched ?? 0 } };
  }, [courseId, nodeId, section.videoId]);

  if (!media.data || media.status === 'loading') {
    return (
      <div className="video-player video-player--waiting" role="status">
        <span>视频加载中…</span>
      </div>
    );
  }
  if (!media.data.url) {
    return (
      <div className="video-player video-player--waiting" role="alert">
        <span>{VIDEO_UNAVAILABLE}</span>
      </div>
    );
  }
  return <TrackedVideo key={nodeId} courseId={courseId} nodeId={nodeId} name={section.name} url={media.data.url} start={media.data.start} onStudy={onStudy} />;
}

interface TrackedVideoProps {
  courseId: string;
  nodeId: string;
  name: string;
  url: string;
  start: { position: number; watched: number };
  onStudy(isStudy: number): void;
}

function TrackedVideo({ courseId, nodeId, name, url, start, onStudy }: TrackedVideoProps) {
  const tracker = useMemo(() => new ProgressTracker(start), [start]);
  const onStudyRef = useRef(onStudy);
  onStudyRef.current = onStudy;

  const report = useRef((keepalive: boolean) => {
    if (!tracker.pending) return;
    saveProgress({ courseId, nodeId, ...tracker.take() }, keepalive).then(
      (r) => onStudyRef.current(r.isStudy),
      () => {}, // a lost report is made good by the next one
    );
  }).current;

  useEffect(() => {
    const hidden = () => report(true);
    const onVisibility = () => document.visibilityState === 'hidden' && report(true);
    window.addEventListener('pagehide', hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', hidden);
      document.removeEventListener('visibilitychange', onVisibility);
      report(false); // leaving the section (next section, back link, another screen)
    };
  }, [report]);

  return (
    <>
      <VideoPlayer
        src={url}
        label={`视频：${name}`}
        startAt={start.position}
        onTime={(position, played) => tracker.tick(position, played) && report(false)}
        onPause={(position) => {
          tracker.tick(position, 0);
          report(false);
        }}
        onEnded={(position) => {
          tracker.tick(position, 0);
          report(false);
        }}
      />
      {start.position > 0 && (
        <p className="content-shell__note" role="status">
          已从上次学到的 {formatDuration(start.position)} 处继续
        </p>
      )}
    </>
  );
}
