import { useEffect, useMemo, useRef, useState } from 'react';
import { formatDuration } from '../lib/format';
import { VideoPlayer } from '../ui/VideoPlayer';
import { ProgressTracker } from './progress-tracker';
import type { VideoProgress } from './study-api';

export interface TrackedVideoProps {
  src: string;
  fileName?: string;
  /** accessible name of the player region */
  label: string;
  /** where the student stopped last time (selectLearnLocation); resumed once the media is known */
  start: VideoProgress;
  /** sends one progress report (saveUserRecord); keepalive while the page is being hidden or unloaded */
  report(p: VideoProgress, keepalive: boolean): Promise<unknown>;
  onEnded?(): void;
}

/**
 * A video that resumes where the student stopped and reports its progress: on the first second of
 * playback, every 15 s of it, on pause and end, when the video is left (another section or
 * resource, another screen), and when the page is hidden or unloaded. Course sections and case
 * video resources both play through this, so both resume the same way.
 */
export function TrackedVideo({ src, fileName, label, start, report, onEnded }: TrackedVideoProps) {
  const tracker = useMemo(() => new ProgressTracker(start), [start]);
  const reportRef = useRef(report);
  reportRef.current = report;
  // Said once the player knows where it starts: a finished video starts over, and says so (in the
  // future tense: the player waits paused for 播放, it has not started anything yet).
  const [startedAt, setStartedAt] = useState<number | null>(null);

  const flush = useRef((keepalive: boolean): Promise<unknown> | undefined => {
    if (!tracker.pending) return;
    const p = tracker.take();
    return reportRef.current(p, keepalive).catch(() => tracker.restore(p.segments ?? [])); // a lost report's intervals go with the next one
  }).current;
  // Played to the end without having seen enough of it (resumed half-way, skipped ahead): the
  // server does not count it as learnt (90 % of the timeline), and the student is told so, not
  // left with 学习中 after watching "to the end".
  const [partly, setPartly] = useState(false);

  useEffect(() => {
    const hidden = () => flush(true);
    const onVisibility = () => document.visibilityState === 'hidden' && flush(true);
    window.addEventListener('pagehide', hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', hidden);
      document.removeEventListener('visibilitychange', onVisibility);
      flush(false);
    };
  }, [flush]);

  const note = partly
    ? `视频已播放到结尾，但还有没看过的部分，暂未记为已学（${SEEN_ENOUGH}）；可从头再看一遍`
    : start.position > 0 && startedAt !== null
      ? startedAt > 0
        ? `已从上次学到的 ${formatDuration(startedAt)} 处继续`
        : start.isStudy === IN_PROGRESS
          ? `上次播放到了结尾，但还有没看过的部分（${SEEN_ENOUGH}），将从头开始播放`
          : '上次已看完，将从头开始播放'
      : null;

  return (
    <>
      <VideoPlayer
        src={src}
        fileName={fileName}
        label={label}
        startAt={start.position}
        onStart={setStartedAt}
        onTime={(position, played) => tracker.tick(position, played) && void flush(false)?.then((a) => studyOf(a) === LEARNT && setPartly(false))}
        onPause={(position) => {
          tracker.tick(position, 0);
          flush(false);
        }}
        onEnded={(position) => {
          tracker.tick(position, 0);
          void flush(false)?.then((a) => setPartly(studyOf(a) === IN_PROGRESS));
          onEnded?.();
        }}
      />
      {note && (
        <p className="content-shell__note" role="status">
          {note}
        </p>
      )}
    </>
  );
}

/** A progress report's answer (saveUserRecord): isStudy 1 learnt, 2 in progress. */
const LEARNT = 1;
const IN_PROGRESS = 2;
const studyOf = (answer: unknown) => (answer as { isStudy?: number } | undefined)?.isStudy;

/** The rule the server applies (DONE_RATIO), as the student reads it. */
const SEEN_ENOUGH = '看过整段视频的 90% 才记为已学';

/** The player's place while its source or resume point loads, or when it cannot play. */
export function VideoPlaceholder({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <div className="video-player video-player--waiting" role={alert ? 'alert' : 'status'}>
      <span>{text}</span>
    </div>
  );
}
