import { useEffect, useState } from 'react';
import { isCanceled, RESULT_OK } from '../../app/http/client';
import { toast } from '../../app/ui/toast-store';
import { VIDEO_UNAVAILABLE, VideoPlayer } from '../../app/ui/VideoPlayer';
import { videoUrl } from './api';

/**
 * The tutor's intro video in the shared player (SPEC §2 options). The source comes from
 * getVideoUrl; a non-200 answer shows its errMsg as a toast, and any failure (answer, network or
 * the media itself) leaves no source and the player says the video cannot play (SPEC §8).
 */
export function TutorVideo({ videoId, title }: { videoId: string; title: string }) {
  // undefined while asking, null when there is no playable source
  const [src, setSrc] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    let gone = false;
    setSrc(undefined);
    void (async () => {
      let url: string | null = null;
      try {
        const res = await videoUrl(videoId);
        if (res.resultCode === RESULT_OK && res.data) url = res.data;
        else if (res.resultCode !== RESULT_OK) toast.error(res.errMsg || VIDEO_UNAVAILABLE);
      } catch (e) {
        if (isCanceled(e)) return;
      }
      if (!gone) setSrc(url);
    })();
    return () => {
      gone = true;
    };
  }, [videoId]);

  return <div className="tutor-video">{src !== undefined && <VideoPlayer src={src} label={title} />}</div>;
}
