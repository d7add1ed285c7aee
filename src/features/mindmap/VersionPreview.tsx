import { useEffect, useState } from 'react';
import { toast } from '../../app/ui/toast-store';
import { errorText } from '../../app/ui/use-remote';
import type { MapVersion, MapVersionEntry, VersionSource } from './api';
import { EditorDialog, MindEditorView, useController } from '../../mindmap';
import { versionSummary, versionTime } from './version-text';

// A version of the student's map, read-only, in the editor itself (its own controller and worker,
// as 知识点详情 opens the official map): the same canvas, outline tree, find and folding, no edits.

interface Props {
  source: VersionSource;
  entry: MapVersionEntry;
  onClose(): void;
  /** 恢复此版本 (not offered for the map as saved now). */
  onRestore(version: MapVersion): void;
  returnFocus(): void;
}

export function VersionPreview({ source, entry, onClose, onRestore, returnFocus }: Props) {
  const [version, setVersion] = useState<MapVersion | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    source.get(entry.id).then(
      (v) => live && setVersion(v),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
    // source.key names the map; the source object may be new each render
  }, [source.key, entry.id]);
  return (
    <EditorDialog title={`预览 ${versionTime(entry)} 的版本（只读）`} open onClose={onClose} returnFocus={returnFocus} className="mind-dialog--preview">
      <p className="mind-history__info">
        {entry.title || '中心主题'} · {versionSummary(entry)}
        {entry.current ? ' · 当前版本' : ''}
      </p>
      <div className="mind-preview">
        {error ? (
          <p role="alert">版本载入失败：{error}</p>
        ) : version ? (
          <PreviewMap version={version} />
        ) : (
          <p role="status" className="mind-review__empty">
            正在载入…
          </p>
        )}
      </div>
      <div className="mind-dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          关闭
        </button>
        {!entry.current && (
          <button type="button" className="btn btn--primary" disabled={!version} onClick={() => version && onRestore(version)}>
            恢复此版本
          </button>
        )}
      </div>
    </EditorDialog>
  );
}

function PreviewMap({ version }: { version: MapVersion }) {
  const ctl = useController();
  return ctl ? <MindEditorView ctl={ctl} load={async () => void (await ctl.open(version.document, true))} onError={(m) => toast.error(m)} /> : null;
}
