import { useEffect, useState, useSyncExternalStore } from 'react';
import './map-host';
import { useSnapshot } from 'valtio';
import { Link, useSearchParams } from 'wouter';
import { navigate, withQuery } from '../../app/router/hash-location';
import { session } from '../../app/session/session-store';
import { toast } from '../../app/ui/toast-store';
import { errorText, useRemote } from '../../app/ui/use-remote';
import { learntOf, nodeResources, queryNodeBasic, showMind, studyNodeIds, type Resource } from './api';
import { useLiveProgress } from './use-live-progress';
import { NodeRules } from './NodeRules';
import { type EditorController, EditorDialog, MindEditorView, refuseReadOnly, useController } from '../../mindmap';
import { MapGate } from './MapGate';
import { assertCaseOpen } from './use-case-gate';

const LINK = 2;

/**
 * /project/mindDetail?caseId=[&nodeId=] : the case's map read-only, learnt ✓ and 正在学 markers,
 * resources per node. With nodeId (最近学习's deep link) it opens centred on that node, selected.
 */
export function MindDetail() {
  const [params] = useSearchParams();
  const caseId = params.get('caseId') ?? '';
  const nodeId = params.get('nodeId') ?? '';
  const { user } = useSnapshot(session);
  const remote = useRemote(async () => {
    await assertCaseOpen(caseId, user?.userId);
    const [mind, nodes] = await Promise.all([showMind(caseId, true), queryNodeBasic(caseId)]);
    return { caseId, mind, counts: new Map(nodes.map((n) => [n.nodeId, n.resourceCount])), study: studyNodeIds(nodes), learnt: learntOf(nodes) };
  }, [caseId, user?.userId]);
  return (
    <MapGate remote={remote} label="知识点详情" caseId={caseId}>
      {(d) => <DetailMap key={d.caseId} nodeId={nodeId} {...d} />}
    </MapGate>
  );
}

type Props = { caseId: string; nodeId: string; mind: Awaited<ReturnType<typeof showMind>>; counts: Map<string, number>; study: string[]; learnt: string[] };

function DetailMap(props: Props) {
  const ctl = useController();
  return ctl ? <DetailView ctl={ctl} {...props} /> : null;
}

function DetailView({ ctl, caseId, nodeId, mind, counts, study, learnt }: Props & { ctl: EditorController }) {
  useLiveProgress(ctl, caseId, learnt);
  const state = useSyncExternalStore(ctl.subscribe, ctl.getState);
  useSyncExternalStore(ctl.doc.progress.subscribe, ctl.doc.progress.getVersion);
  const percent = ctl.doc.progress.percent(ctl.model.rootId);
  const studyIds = new Set(study);
  const [choices, setChoices] = useState<{ nodeId: string; nodeName: string; list: Resource[] } | null>(null);
  const selected = ctl.primary;
  const selectedCount = selected ? (counts.get(selected) ?? 0) : 0;

  const open = (nodeId: string, nodeName: string, r: Resource) => {
    setChoices(null);
    if (r.fileSuffixCode === LINK) window.open(r.fileUrl, '_blank', 'noopener');
    else navigate(withQuery('/project/content', { nodeId, caseId, nodeName, resourceId: r.uuid, fileSuffix: String(r.fileSuffixCode), fileName: r.fileName }));
  };

  /** 继续学习: the first unlearnt study node in map order from `from` on (wrapping), or none. */
  const nextStep = (from?: string | null) => {
    const start = from ? Math.max(0, study.indexOf(from)) : 0;
    return [...study.slice(start), ...study.slice(0, start)].find((id) => {
      const n = ctl.model.get(id);
      return n && !n.isStudy;
    });
  };
  const continueStudy = () => {
    const id = nextStep(selected);
    if (!id) {
      toast.success('本案例的知识点已全部学完');
      return;
    }
    ctl.select([id]);
    void activate(id);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && !e.ctrlKey && !e.metaKey && e.key.toLowerCase() === 'n') {
        e.preventDefault();
        continueStudy();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const load = async () => {
    await ctl.open(mind.document, true);
    await ctl.doc.setStudyNodes(study);
    // The deep link's node: its branch opened, centred and selected (an unknown id is ignored).
    if (nodeId && counts.has(nodeId)) await ctl.camera.focusNode(nodeId);
  };

  /** A node with resources opens its resource (a chooser when it has several). */
  const activate = async (nodeId: string) => {
    if (!counts.get(nodeId)) return;
    const nodeName = ctl.model.get(nodeId)?.text ?? '';
    try {
      const list = await nodeResources(caseId, nodeId);
      if (list.length === 1) open(nodeId, nodeName, list[0]);
      else if (list.length) setChoices({ nodeId, nodeName, list });
    } catch (e) {
      toast.error(errorText(e));
    }
  };

  return (
    <div className="mind-page mind-page--detail">
      <div className="mind-page__head">
        <h1>知识点详情</h1>
        <span className="mind-page__note">✓ 已学 · 正在学 · 选中有学习资源的知识点后按 Enter 或双击打开</span>
        {percent !== undefined && (
          <span className="mind-page__percent" role="status" aria-label="案例学习进度">
            已学 {percent}%
          </span>
        )}
        <button
          type="button"
          className="btn btn--primary"
          disabled={!selectedCount || state.selection.length !== 1}
          onClick={() => selected && void activate(selected)}
        >
          查看学习资源{selectedCount ? `（${selectedCount}）` : ''}
        </button>
        <button type="button" className="btn" aria-keyshortcuts="Alt+N" title="继续学习（Alt+N）" onClick={continueStudy}>
          继续学习
        </button>
        <Link href={withQuery('/project/minder', { caseId })}>我的学习导图</Link>
        <Link href={withQuery('/project/detail', { id: caseId })}>返回案例</Link>
      </div>
      <MindEditorView
        ctl={ctl}
        load={load}
        // Enter / double click on a topic without resources would edit it elsewhere: said to be read-only.
        onActivate={(id) => (counts.get(id) ? void activate(id) : refuseReadOnly(ctl))}
        onError={(m) => toast.error(m)}
        extraMarks={(id) => (counts.get(id) ? [`学习资源${counts.get(id)}个`] : [])}
      />
      {selected && studyIds.has(selected) && state.selection.length === 1 && (
        <NodeRules caseId={caseId} nodeId={selected} nodeName={ctl.model.get(selected)?.text ?? ''} />
      )}
      {choices && (
        <EditorDialog title={`${choices.nodeName} 的学习资源`} open onClose={() => setChoices(null)}>
          <ul className="mind-resources">
            {choices.list.map((r) => (
              <li key={r.uuid}>
                <button type="button" className="btn" onClick={() => open(choices.nodeId, choices.nodeName, r)}>
                  {r.fileName}
                </button>
              </li>
            ))}
          </ul>
        </EditorDialog>
      )}
    </div>
  );
}
