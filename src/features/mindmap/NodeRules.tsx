import { useRemote } from '../../app/ui/use-remote';
import { nodeRequirements } from './api';

/**
 * 完成条件 of the selected node (知识点详情): each required resource and the node exam with its rule
 * and whether it is done, then what is still missing — the same rules the server enforces
 * (study/completion.ts). A node without any is ticked by hand.
 */
export function NodeRules({ caseId, nodeId, nodeName }: { caseId: string; nodeId: string; nodeName: string }) {
  const req = useRemote(() => nodeRequirements(caseId, nodeId), [caseId, nodeId]);
  const d = req.data;
  return (
    <section className="mind-rules" aria-label={`${nodeName} 的完成条件`} aria-busy={!d && req.status !== 'error'}>
      <h2>完成条件</h2>
      {!d ? (
        <p role="status">{req.status === 'error' ? '完成条件加载失败' : '正在加载…'}</p>
      ) : d.byHand ? (
        <p>该主题没有学习资源，可在我的学习导图中手动标记已学</p>
      ) : (
        <>
          <ul>
            {d.items.map((i) => (
              <li key={i.id} className={i.done ? 'is-done' : undefined}>
                {i.done ? '✓ ' : '○ '}
                {i.name}：{i.rule}
                {i.done ? '（已完成）' : ''}
              </li>
            ))}
          </ul>
          <p role="status">{d.learnt ? '已学' : `还差：${d.missing.map((m) => `${m.name}（${m.rule}）`).join('、')}`}</p>
        </>
      )}
    </section>
  );
}
