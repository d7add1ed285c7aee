import { useEffect, useId, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { ConfirmDialog } from '../../app/ui/ConfirmDialog';
import { ListStatus } from '../../app/ui/ListStatus';
import { toast } from '../../app/ui/toast-store';
import { errorText, useRemote } from '../../app/ui/use-remote';
import type { OwnMapEntry, OwnMapHit } from '../../contract/mymaps';
import { usageText } from './my-maps-text';
import { PersonalLayout } from './PersonalLayout';
import { createMap, deleteMap, duplicateMap, exportAll, linkMap, listMaps, purgeMap, renameMap, restoreMap, searchMaps } from './my-maps-api';
import { LinkDialog, NewMapDialog, RenameDialog } from './my-map-dialogs';
import { editorHref, MapRow, type RowActions } from './MyMapRow';
import { useBulkImport } from './bulk/BulkImport';
import { SharedMaps } from './SharedMaps';
import './my-maps.css';

/** 我的导图 (`/personal/myMaps`, `?view=trash` for 回收站): a student's own maps. */
export function MyMaps() {
  const [params, setParams] = useSearchParams();
  const trash = params.get('view') === 'trash';
  const shared = params.get('view') === 'shared';
  const [, navigate] = useLocation();
  const remote = useRemote(() => listMaps(trash), [trash]);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<OwnMapHit[] | null>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<OwnMapEntry | null>(null);
  const [linking, setLinking] = useState<OwnMapEntry | null>(null);
  const [purging, setPurging] = useState<OwnMapEntry | null>(null);
  const [said, setSaid] = useState('');
  const searchId = useId();
  const bulk = useBulkImport(() => remote.reload());

  // Search as the student types (a short pause), titles and topics of live maps.
  useEffect(() => {
    const q = query.trim();
    // the live region then says the search's answer alone, not the last action's message with it
    setSaid('');
    if (!q || trash) return void setHits(null);
    const timer = setTimeout(() => {
      searchMaps(q).then(setHits, (e: unknown) => toast.error(errorText(e)));
    }, 250);
    return () => clearTimeout(timer);
  }, [query, trash]);

  /** Runs a change, says it (toast and the live region), reloads list and search. */
  const act = async (run: () => Promise<unknown>, message: string) => {
    try {
      await run();
      toast.success(message);
      setSaid(message);
      remote.reload();
      if (query.trim()) setHits(await searchMaps(query.trim()));
    } catch (e) {
      toast.error(errorText(e));
      throw e;
    }
  };
  const quiet = (p: Promise<unknown>) => void p.catch(() => {}); // said by act

  const actions: RowActions = {
    rename: setRenaming,
    link: setLinking,
    purge: setPurging,
    duplicate: (m) => quiet(act(() => duplicateMap(m.mapId), `已复制「${m.title}」`)),
    remove: (m) => quiet(act(() => deleteMap(m.mapId), `「${m.title}」已移到回收站`)),
    restore: (m) => quiet(act(() => restoreMap(m.mapId), `「${m.title}」已恢复`)),
  };

  const usage = remote.data?.usage;
  const u = usage && usageText(usage);
  const shown: (OwnMapEntry & { topics?: string[] })[] = hits ?? remote.data?.maps ?? [];
  const view = (v: 'trash' | 'shared' | null) => setParams(v ? { view: v } : {});

  return (
    <PersonalLayout title="我的导图">
      <div className="mymaps-head">
        <div className="mymaps-tabs" role="group" aria-label="导图视图">
          <button type="button" className="mymaps-tab" aria-pressed={!trash && !shared} onClick={() => view(null)}>
            我的导图
          </button>
          <button type="button" className="mymaps-tab" aria-pressed={shared} onClick={() => view('shared')}>
            共享给我的
          </button>
          <button type="button" className="mymaps-tab" aria-pressed={trash} onClick={() => view('trash')}>
            回收站
          </button>
        </div>
        {!trash && !shared && (
          <div className="mymaps-tools">
            <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
              新建导图
            </button>
            <button type="button" className="btn" disabled={bulk.busy} onClick={bulk.pick}>
              导入文件
            </button>
            <button type="button" className="btn" onClick={() => quiet(act(exportAll, '已导出全部导图'))}>
              导出全部
            </button>
          </div>
        )}
      </div>
      {shared ? (
        <SharedMaps />
      ) : (
        <>
          {u && (
            <p className={`mymaps-usage${u.near ? ' is-near' : ''}`}>
              {u.text}
              {u.near && '，快到上限了：请删除不用的导图或清空回收站'}
            </p>
          )}
          {!trash && bulk.panel}
          {trash && usage && <p className="mymaps-note">回收站里的导图保留 {usage.trashDays} 天，之后永久删除。</p>}
          {!trash && (
            <div className="mymaps-search">
              <label htmlFor={searchId}>搜索我的导图</label>
              <input id={searchId} type="search" value={query} placeholder="导图名称或主题文字" onChange={(e) => setQuery(e.target.value)} />
            </div>
          )}
          <p className="visually-hidden" role="status">
            {said}
            {hits && ` 找到 ${hits.length} 张导图`}
          </p>
          <ListStatus
            status={remote.status}
            hasData={shown.length > 0}
            error={remote.error}
            onRetry={remote.reload}
            label={trash ? '回收站' : hits ? '搜索结果' : '我的导图列表'}
            emptyText={trash ? '回收站是空的' : hits ? '没有找到包含这些文字的导图' : '还没有自己的导图，点“新建导图”开始'}
          >
            <ul className="mymaps-list">
              {shown.map((m) => (
                <MapRow key={m.mapId} map={m} trashDays={usage?.trashDays ?? 30} topics={m.topics} actions={actions} />
              ))}
            </ul>
          </ListStatus>
        </>
      )}

      <NewMapDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreate={async (template, title) => {
          try {
            const { mapId } = await createMap(template, title || undefined);
            setCreating(false);
            navigate(editorHref(mapId));
          } catch (e) {
            toast.error(errorText(e));
          }
        }}
      />
      <RenameDialog
        title={renaming?.title ?? null}
        onClose={() => setRenaming(null)}
        onRename={(title) =>
          act(() => renameMap(renaming!.mapId, title), `已重命名为「${title}」`).then(
            () => setRenaming(null),
            () => {},
          )
        }
      />
      <LinkDialog
        current={linking ? (linking.courseId ? `course:${linking.courseId}` : linking.caseId ? `case:${linking.caseId}` : '') : null}
        onClose={() => setLinking(null)}
        onLink={(link) =>
          act(() => linkMap(linking!.mapId, link), link.caseId || link.courseId ? '已保存关联' : '已取消关联').then(
            () => setLinking(null),
            () => {},
          )
        }
      />
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(o) => !o && setPurging(null)}
        title="彻底删除导图"
        description={`「${purging?.title ?? ''}」将被永久删除，连同它的历史版本，无法恢复。`}
        cancelLabel="取消"
        confirmLabel="彻底删除"
        onConfirm={() => {
          const m = purging!;
          setPurging(null);
          quiet(act(() => purgeMap(m.mapId), `「${m.title}」已永久删除`));
        }}
      />
    </PersonalLayout>
  );
}
