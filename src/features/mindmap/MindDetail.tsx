import { useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useSearchParams } from 'wouter';
import { navigate, withQuery } from '../../app/router/hash-location';
import { session } from '../../app/session/session-store';
import { toast } from '../../app/ui/toast-store';
import { errorText, useRemote } from '../../app/ui/use-remote';
import { nodeResources, queryNodeBasic, showMind, type Resource } from './api';
import type { EditorController } from './editor/controller';
import { EditorDialog } from './editor/dialogs';
import { MindEditorView } from './editor/MindEditorView';
import { MapGate } from './MapGate';
import { useController } from './use-controller';
import { assertCaseOpen } from './use-case-gate';

const LINK = 2;

/** /project/mindDetail?caseId= : the case's map read-only, learnt ✓ and 正在学 markers, resources per node. */
export function MindDetail() {
  const [params] = useSearchParams();
  const caseId = params.get('caseId') ?? '';
  const { user } = useSnapshot(session);
  const remote = useRemote(async () => {
    await assertCaseOpen(caseId, user?.userId);
    const [mind, nodes] = await Promise.all([showMind(caseId), queryNodeBasic(caseId)]);
    return { mind, counts: new Map(nodes.map((n) => [n.nodeId, n.resourceCount])) };
  }, [caseId, user?.userId]);
  return <MapGate remote={remote} label="知识点详情">{(d) => <DetailMap key={caseId} caseId={caseId} {...d} />}</MapGate>;
}

type Props = { caseId: string; mind: Awaited<ReturnType<typeof showMind>>; counts: Map<string, number> };

function DetailMap(props: Props) {
  const ctl = useController();
  return ctl ? <DetailView ctl={ctl} {...props} /> : null;
}

function DetailView({ ctl, caseId, mind, counts }: Props & { ctl: EditorController }) {
  const state = useSyncExternalStore(ctl.subscribe, ctl.getState);
  const [choices, setChoices] = useState<{ nodeId: string; nodeName: string; list: Resource[] } | null>(null);
  const selected = ctl.primary;
  const selectedCount = selected ? (counts.get(selected) ?? 0) : 0;

  const open = (nodeId: string, nodeName: string, r: Resource) => {
    setChoices(null);
    if (r.fileSuffixCode === LINK) window.open(r.fileUrl, '_blank', 'noopener');
    else navigate(withQuery('/project/content', { nodeId, caseId, nodeName, resourceId: r.uuid, fileSuffix: String(r.fileSuffixCode), fileName: r.fileName }));
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
    <div className="mind-page">
      <div className="mind-page__head">
        <h1>知识点详情</h1>
        <span className="mind-page__note">✓ 已学 · 正在学 · 选中有学习资源的知识点后按 Enter 或双击打开</span>
        <button type="button" className="btn btn--primary" disabled={!selectedCount || state.selection.length !== 1} onClick={() => selected && void activate(selected)}>
          查看学习资源{selectedCount ? `（${selectedCount}）` : ''}
        </button>
        <Link href={withQuery('/project/minder', { caseId })}>我的学习导图</Link>
        <Link href={withQuery('/project/detail', { id: caseId })}>返回案例</Link>
      </div>
      <MindEditorView ctl={ctl} load={() => ctl.open(mind.document, true)} onActivate={(id) => void activate(id)} onError={(m) => toast.error(m)} extraMarks={(id) => (counts.get(id) ? [`学习资源${counts.get(id)}个`] : [])} />
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
