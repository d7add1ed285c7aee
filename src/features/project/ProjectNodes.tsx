import { useState } from 'react';
import { Link } from 'wouter';
import { formatDuration } from '../../app/lib/format';
import { withQuery } from '../../app/router/hash-location';
import { StudyMark } from '../../app/ui/StudyMark';
import { errorText } from '../../app/ui/use-remote';
import type { CaseNode } from '../../app/cases/case-api';
import { fetchNodeResources, type Resource } from './api';
import { FILE_TYPE_LABEL } from './case-helpers';

type Loaded = { status: 'loading' } | { status: 'ok'; items: Resource[] } | { status: 'error'; error: string };

export interface ProjectNodesProps {
  caseId: string;
  nodes: readonly CaseNode[];
  onOpen(node: CaseNode, resource: Resource): void;
  /**
   * A case's rows that are no 知识点 (no resources, no node exam: its chapters) are marked as such
   * (case-node--chapter), so the 知识点 rows are the study nodes its card and progress count. A
   * practice lists steps: every row is one.
   */
  chapters?: boolean;
}

/**
 * The case's knowledge points (nodes of the official map, indented by level) with study markers;
 * opening a node loads its resources on demand, since most students open only a few. A node with
 * a node exam links to its answer screen (节点测试).
 */
export function ProjectNodes({ caseId, nodes, onOpen, chapters = false }: ProjectNodesProps) {
  const [open, setOpen] = useState<Record<string, Loaded | undefined>>({});

  const toggle = async (n: CaseNode) => {
    if (open[n.nodeId]) {
      setOpen((o) => ({ ...o, [n.nodeId]: undefined }));
      return;
    }
    setOpen((o) => ({ ...o, [n.nodeId]: { status: 'loading' } }));
    try {
      const items = await fetchNodeResources(caseId, n.nodeId);
      setOpen((o) => (o[n.nodeId] ? { ...o, [n.nodeId]: { status: 'ok', items } } : o));
    } catch (e) {
      setOpen((o) => (o[n.nodeId] ? { ...o, [n.nodeId]: { status: 'error', error: errorText(e) } } : o));
    }
  };

  return (
    <ul className="case-nodes">
      {nodes.map((n) => {
        const state = open[n.nodeId];
        const listId = `node-res-${n.nodeId}`;
        return (
          <li
            key={n.nodeId}
            className={chapters && !(n.resourceCount > 0 || n.hasExam === 1) ? 'case-node case-node--chapter' : 'case-node'}
            data-level={n.level}
            style={{ paddingLeft: `${Math.max(0, n.level - 2) * 20}px` }}
          >
            <div className="case-node__row">
              <button
                type="button"
                className="case-node__toggle"
                aria-expanded={n.resourceCount > 0 ? !!state : undefined}
                aria-controls={state ? listId : undefined}
                disabled={n.resourceCount === 0}
                onClick={() => void toggle(n)}
              >
                <StudyMark isStudy={n.isStudy} />
                <span className="case-node__name">{n.text || '未命名节点'}</span>
                {n.isNow === 1 && <span className="case-node__now">正在学</span>}
                <span className="case-node__count">{n.resourceCount > 0 ? `${n.resourceCount} 个资源` : '暂无资源'}</span>
              </button>
              {n.hasExam === 1 && (
                <Link
                  href={withQuery('/exam/answer', { caseId, nodeId: n.nodeId })}
                  className="btn btn--small case-node__exam"
                  aria-label={`节点测试：${n.text || '未命名节点'}`}
                >
                  节点测试
                </Link>
              )}
            </div>
            {state && (
              <div id={listId}>
                {state.status === 'loading' && (
                  <p className="resource__meta" role="status">
                    资源加载中…
                  </p>
                )}
                {state.status === 'error' && (
                  <p className="resource__meta" role="alert">
                    {state.error}
                  </p>
                )}
                {state.status === 'ok' && (
                  <ul className="resources" aria-label={`${n.text} 的学习资源`}>
                    {state.items.map((r) => (
                      <li key={r.uuid} className="resource">
                        <span className="resource__type">{FILE_TYPE_LABEL[r.fileSuffixCode] ?? '文件'}</span>
                        <button type="button" className="resource__open" onClick={() => onOpen(n, r)}>
                          {r.fileName}
                        </button>
                        {Number(r.fileSuffixCode) === 3 && r.duration > 0 && <span className="resource__meta">{formatDuration(r.duration)}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
