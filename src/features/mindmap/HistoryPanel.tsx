import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../app/ui/toast-store';
import { errorText } from '../../app/ui/use-remote';
import type { MapVersion, MapVersionEntry, MapVersionList, VersionSource } from './api';
import { type EditorController, usePhone, showReplacedNotice } from '../../mindmap';
import { VersionPreview } from './VersionPreview';
import { keepMessage, sizeText, versionChange, versionSummary, versionTime } from './version-text';

// 历史版本 (issue 19 item 5) beside the student's own map: the map as saved now and its kept
// versions (time, title, node count, size), each previewed read-only; 恢复 replaces the map on
// screen as ONE undo step (the engine's import swap), saved then like any edit. The server keeps
// the map as saved before the restore as a version first (the editor's `replacing` event → useAutosave's keep).

interface Props {
  ctl: EditorController;
  /** The map whose versions are listed (a case's study map, or an own map). */
  source: VersionSource;
  /** 保留当前版本: pending edits saved, then the saved map kept (use-autosave's keep). */
  keep(): Promise<number | null>;
  /** Changes whenever a save completes: the list is read again. */
  savedTick: number;
  /** 关闭 / Esc: the panel closes (the page hands the focus back to its opener). */
  onClose(): void;
}

const keyOf = (e: MapVersionEntry) => (e.id ? `v${e.id}` : `current-${e.mapVersion}`);

export function HistoryPanel({ ctl, source, keep, savedTick, onClose }: Props) {
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const [list, setList] = useState<MapVersionList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What the last 保留当前版本 did, kept beside its button (the toast goes away).
  const [keptSaid, setKeptSaid] = useState('');
  const [preview, setPreview] = useState<MapVersionEntry | null>(null);
  // Where the focus goes back when the preview closes: the map after a restore, else its 预览 button.
  const opener = useRef<HTMLElement | null>(null);
  const restored = useRef(false);

  const load = useCallback(async (): Promise<MapVersionList | null> => {
    try {
      const read = await sourceRef.current.list();
      setList(read);
      setError(null);
      return read;
    } catch (e) {
      setError(errorText(e));
      return null;
    }
    // source.key names the map; the source object may be new each render
  }, [source.key]);
  useEffect(() => void load(), [load, savedTick]);
  // On a phone the panel is a bottom sheet over the map (like 大纲): it takes the focus, and has 关闭.
  const phone = usePhone();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (phone) close.current?.focus();
  }, [phone]);

  const keepNow = async () => {
    setBusy(true);
    try {
      const before = list?.versions;
      const kept = await keep();
      const after = await load();
      if (kept === null) toast.warning('导图还没有保存成功，暂时无法保留版本');
      else if (kept === 0) toast.warning('你还没有修改过这张导图：修改后会自动保存为你的版本');
      else {
        const said = keepMessage(before, after?.versions ?? [], kept);
        setKeptSaid(said);
        toast.success(said);
      }
    } catch (e) {
      toast.warning(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const open = (e: MapVersionEntry) => {
    opener.current = document.activeElement as HTMLElement | null;
    restored.current = false;
    setPreview(e);
  };

  const restore = async (v: MapVersion) => {
    restored.current = true;
    setPreview(null);
    if (!(await ctl.io.importData('km', JSON.stringify(v.document), '恢复版本'))) return;
    ctl.camera.frame();
    const said = `已恢复到 ${versionTime(v)} 的版本，按 Ctrl+Z 可撤销`;
    ctl.say(said);
    showReplacedNotice(said);
    ctl.focusMap(); // Ctrl+Z is the map's key
  };

  const restoreFromList = async (e: MapVersionEntry) => {
    try {
      await restore(await source.get(e.id));
    } catch (err) {
      toast.error(errorText(err));
    }
  };

  return (
    <section
      className="mind-review mind-history"
      aria-labelledby="mind-history-title"
      onKeyDown={(e) => {
        // Esc in the preview dialog (rendered in a portal, its keys bubble here) closes only the preview.
        if (e.key !== 'Escape' || (e.target as Element).closest('[role=dialog], [role=alertdialog]')) return;
        e.stopPropagation();
        onClose();
      }}
    >
      <div className="mind-history__head">
        <h2 id="mind-history-title" className="mind-review__title">
          历史版本
        </h2>
        {phone && (
          <button ref={close} type="button" className="mind-sheet__close" onClick={onClose}>
            关闭
          </button>
        )}
      </div>
      <p className="mind-history__rule">
        {list
          ? `自动保存时，${list.windowMinutes} 分钟内的连续修改合并为一个版本；恢复或导入前的导图总会先保留。每张导图保留最近 ${list.keepLast} 个版本和 ${list.keepDays} 天内每天的最后一个版本。`
          : '每次保存都会记录为版本。'}
      </p>
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => void keepNow()}>
        保留当前版本
      </button>
      <p role="status" className="mind-history__kept">
        {keptSaid}
      </p>
      {error && (
        <p role="alert" className="mind-history__error">
          历史版本载入失败：{error}{' '}
          <button type="button" className="btn btn--small" onClick={() => void load()}>
            重试
          </button>
        </p>
      )}
      {list === null ? (
        !error && (
          <p role="status" className="mind-review__empty">
            正在载入…
          </p>
        )
      ) : list.versions.length === 0 ? (
        <p className="mind-review__empty">还没有保存过的版本：修改导图后会自动保存。</p>
      ) : (
        <>
          {/* The server saves Shanghai times and keeps "the newest of each day" by Shanghai days: shown as such, and said so. */}
          <p className="mind-history__tz">时间为北京时间</p>
          <ol className="mind-history__list" aria-label="版本列表">
            {list.versions.map((e, i) => (
              <li key={keyOf(e)} className="mind-history__item" aria-current={e.current ? 'true' : undefined}>
                <div className="mind-history__meta">
                  <time title="北京时间" dateTime={e.savedAt.replace(' ', 'T') + '+08:00'}>
                    {versionTime(e)}
                  </time>
                  {e.current ? <span className="mind-history__tag">当前</span> : null}
                  {e.current && e.id ? <span className="mind-history__tag">已保留</span> : null}
                </div>
                <div className="mind-history__title">{e.title || '中心主题'}</div>
                <div className="mind-history__info">
                  {versionSummary(e)}
                  {i + 1 < list.versions.length && <span className="mind-history__change">{versionChange(e, list.versions[i + 1])}</span>}
                </div>
                <div className="mind-history__actions">
                  <button type="button" className="btn btn--small" aria-label={`预览 ${versionTime(e)} 的版本`} onClick={() => open(e)}>
                    预览
                  </button>
                  {!e.current && (
                    <button type="button" className="btn btn--small" aria-label={`恢复 ${versionTime(e)} 的版本`} onClick={() => void restoreFromList(e)}>
                      恢复
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
      {list && (
        <p className="mind-history__usage">
          所有导图的历史版本共用 {sizeText(list.budgetBytes)}，已用 {sizeText(list.usedBytes)}
        </p>
      )}
      {preview && (
        <VersionPreview
          source={source}
          entry={preview}
          onClose={() => setPreview(null)}
          onRestore={(v) => void restore(v)}
          returnFocus={() => (restored.current ? ctl.focusMap() : opener.current?.focus())}
        />
      )}
    </section>
  );
}
