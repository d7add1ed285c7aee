import type videojsDefault from 'video.js';
import type Player from 'video.js/dist/types/player';

/** SPEC §2 player options (tutor detail and the content players share them). */
export const PLAYER_OPTIONS = {
  controls: true,
  playbackRates: [1, 1.25, 1.5, 2],
  fluid: true,
  aspectRatio: '16:9',
  preload: 'auto',
  language: 'zh-CN',
  autoplay: false,
} as const;

type VideoJs = typeof videojsDefault;

/**
 * Strings video.js says that its zh-CN pack lacks: screen readers read them (the modal's
 * description, the skip buttons' names), in English otherwise.
 */
export const ZH_MISSING: Record<string, string> = {
  'This is a modal window.': '这是一个弹窗。',
  'Skip Backward': '后退',
  'Skip Forward': '快进',
  Time: '时间',
  'Drop shadow': '投影',
  'Playing in Picture-in-Picture': '正在画中画中播放',
  'Playing in picture-in-picture': '正在画中画中播放',
};
let loading: Promise<VideoJs> | undefined;

/**
 * video.js, its stylesheet and the zh-CN language pack, fetched on first use. Only the player
 * screens call this, so Home and the lists never download the player (DESIGN: initial JS budget).
 */
export function loadVideoJs(): Promise<VideoJs> {
  loading ??= Promise.all([import('video.js'), import('video.js/dist/lang/zh-CN.json'), import('video.js/dist/video-js.css')])
    .then(([mod, zh]) => {
      const videojs = mod.default;
      videojs.addLanguage('zh-CN', { ...(zh.default as Record<string, string>), ...ZH_MISSING });
      return videojs;
    })
    .catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
  return loading;
}

/**
 * The stored file's media type, which video.js needs to pick a playback tech: the file URLs
 * (/api/folder/resource/file/vod/{id}) carry no extension, so ask the server with a HEAD request.
 */
export async function mediaType(src: string, fileName = ''): Promise<string> {
  const ext = /\.(mp4|webm|ogg|ogv|m4v|mov)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext) return ext === 'ogv' || ext === 'ogg' ? 'video/ogg' : ext === 'mov' || ext === 'm4v' ? 'video/mp4' : `video/${ext}`;
  try {
    const res = await fetch(src, { method: 'HEAD' });
    const type = res.headers.get('content-type')?.split(';')[0]?.trim();
    if (res.ok && type?.startsWith('video/')) return type;
  } catch {
    // fall through to the common default
  }
  return 'video/mp4';
}

export type { Player };
