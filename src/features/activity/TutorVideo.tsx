import { useEffect, useRef, useState } from 'react';
import { isCanceled, RESULT_OK } from '../../app/http/client';
import { toast } from '../../app/ui/toast-store';
import { videoUrl } from './api';
// Type only: the library itself is imported lazily below.
import type videojs from 'video.js';

export const VIDEO_FAILED = '此视频暂无法播放，请稍后再试';

type Player = ReturnType<typeof videojs>;

/**
 * The tutor's intro video in video.js (SPEC §2: rates 1–2×, fluid 16:9, preload auto, zh-CN, no
 * autoplay). video.js and its styles load here, on first use, so no other screen pays for them.
 * The source comes from getVideoUrl; a non-200 answer shows its errMsg, and any failure (answer,
 * network or the media itself) clears the source and says the video cannot play.
 */
export function TutorVideo({ videoId, title }: { videoId: string; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let player: Player | undefined;
    setFailed(false);
    const fail = () => {
      player?.dispose();
      player = undefined;
      if (!disposed) setFailed(true);
    };
    void (async () => {
      let src: string | undefined;
      try {
        const res = await videoUrl(videoId);
        if (res.resultCode === RESULT_OK && res.data) src = res.data;
        else if (res.resultCode !== RESULT_OK) toast.error(res.errMsg || VIDEO_FAILED);
      } catch (e) {
        if (isCanceled(e)) return;
      }
      if (disposed) return;
      if (!src) return fail();
      const [{ default: load }, zh] = await Promise.all([import('video.js'), import('video.js/dist/lang/zh-CN.json'), import('video.js/dist/video-js.css')]);
      if (disposed || !host.current) return;
      load.addLanguage('zh-CN', zh.default);
      const el = document.createElement('video-js');
      el.setAttribute('title', title);
      host.current.appendChild(el);
      player = load(el, {
        controls: true,
        autoplay: false,
        preload: 'auto',
        fluid: true,
        aspectRatio: '16:9',
        playbackRates: [1, 1.25, 1.5, 2],
        language: 'zh-CN',
        // The URL has no file extension for video.js to guess from; intro videos are MP4.
        sources: [{ src, type: 'video/mp4' }],
      });
      player.on('error', fail);
    })().catch(fail);
    return () => {
      disposed = true;
      player?.dispose();
    };
  }, [videoId, title]);

  return failed ? (
    <p className="tutor-video__failed" role="alert">
      {VIDEO_FAILED}
    </p>
  ) : (
    <div className="tutor-video" ref={host} aria-label={title} role="region" />
  );
}
