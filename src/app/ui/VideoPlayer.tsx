import { useEffect, useRef, useState } from 'react';
import { loadVideoJs, mediaType, PLAYER_OPTIONS, type Player } from './video-loader';
import './video-player.css';

export const VIDEO_UNAVAILABLE = '此视频暂无法播放，请稍后再试';

export interface VideoPlayerProps {
  /** null: the source could not be had (e.g. its URL request failed), so say the video cannot play */
  src: string | null;
  /** the file's name, when known, spares the media-type request */
  fileName?: string;
  /** accessible name of the player region */
  label: string;
  /** seconds to resume at once the media is known (read once per source) */
  startAt?: number;
  /** once the media is known: where playback starts (startAt, or 0 when startAt is at the very end) */
  onStart?(at: number): void;
  /** every timeupdate: the position, and the seconds played since the previous one (0 when seeking or paused) */
  onTime?(position: number, played: number): void;
  onPause?(position: number): void;
  onEnded?(position: number): void;
}

/**
 * video.js with the SPEC §2 options, loaded on first render. The player's element is created
 * inside a host div that React never touches, because video.js rewrites its DOM (React 18+
 * strict-mode safe). A playback error clears the source and shows SPEC §8's message.
 */
export function VideoPlayer({ src, fileName, label, startAt, onStart, onTime, onPause, onEnded }: VideoPlayerProps) {
  const host = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onTime, onPause, onEnded, onStart, startAt });
  handlers.current = { onTime, onPause, onEnded, onStart, startAt };
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let player: Player | undefined;
    let gone = false;
    setFailed(!src);
    if (!src) return;
    void (async () => {
      try {
        const [videojs, type] = await Promise.all([loadVideoJs(), mediaType(src, fileName)]);
        if (gone || !host.current) return;
        const el = document.createElement('video-js');
        el.classList.add('vjs-big-play-centered');
        host.current.appendChild(el);
        const p = videojs(el, { ...PLAYER_OPTIONS, sources: [{ src, type }] });
        player = p;
        const resumeAt = handlers.current.startAt ?? 0;
        let last = 0;
        p.one('loadedmetadata', () => {
          const d = p.duration() ?? 0;
          // Resuming at the very end would only replay the last frame: start over instead.
          const at = resumeAt > 0 && (!d || resumeAt < d - 1) ? resumeAt : 0;
          if (at > 0) p.currentTime(at);
          handlers.current.onStart?.(at);
        });
        p.on('timeupdate', () => {
          const t = p.currentTime() ?? 0;
          const step = t - last;
          last = t;
          // A real playback step is small and forward; seeks and pauses count as nothing played.
          handlers.current.onTime?.(t, !p.paused() && !p.seeking() && step > 0 && step < 3 ? step : 0);
        });
        p.on('pause', () => {
          if (!p.ended()) handlers.current.onPause?.(p.currentTime() ?? 0);
        });
        p.on('ended', () => handlers.current.onEnded?.(p.duration() ?? p.currentTime() ?? 0));
        p.on('error', () => {
          p.reset();
          setFailed(true);
        });
      } catch {
        if (!gone) setFailed(true);
      }
    })();
    return () => {
      gone = true;
      player?.dispose();
    };
  }, [src, fileName]);

  return (
    <div className="video-player" role="region" aria-label={label}>
      <div ref={host} className="video-player__host" />
      {failed && (
        <p className="video-player__error" role="alert">
          {VIDEO_UNAVAILABLE}
        </p>
      )}
    </div>
  );
}
