import { fetchResourceLocation, saveUserRecord } from '../../app/study/study-api';
import { TrackedVideo, VideoPlaceholder } from '../../app/study/TrackedVideo';
import { useRemote } from '../../app/ui/use-remote';
import type { ResourceDetail } from './api';

/**
 * A case's video resource: resumes where the student stopped (selectLearnLocation) and reports its
 * progress (saveUserRecord), the same way as course sections. Without a known position (never
 * played, or the look-up failed) it starts at the beginning rather than not playing.
 */
export function CaseVideo({ resource: r, onEnded, onReport }: { resource: ResourceDetail; onEnded(): void; onReport?(answer: { isStudy?: number }): void }) {
  const start = useRemote(async () => {
    const at = await fetchResourceLocation(r.caseId, r.uuid).catch(() => null);
    return { position: at?.position ?? 0, watched: at?.watched ?? 0, isStudy: at?.isStudy };
  }, [r.caseId, r.uuid]);

  if (!start.data || start.status === 'loading') return <VideoPlaceholder text="视频加载中…" />;
  const target = { caseId: r.caseId, nodeId: r.nodeId, resourceId: r.uuid };
  return (
    <TrackedVideo
      key={r.uuid}
      src={r.fileUrl}
      fileName={r.fileName}
      label={`视频：${r.fileName}`}
      start={start.data}
      report={(p, keepalive) =>
        saveUserRecord(target, p, keepalive).then((a) => {
          onReport?.(a);
          return a;
        })
      }
      onEnded={onEnded}
    />
  );
}
