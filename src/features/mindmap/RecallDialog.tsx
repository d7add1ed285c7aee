import { useEffect, useMemo, useRef, useState } from 'react';
import {
  gradeRecall,
  GRADING_RULE,
  RATING_LABELS,
  type RecallGrade,
  matchRecall,
  parentLines,
  parseRecall,
  type RecallLine,
  type RecallResult,
  type KmNode,
  type EditorController,
  EditorDialog,
  usePhone,
} from '../../mindmap';
import { ConfirmDialog } from '../../app/ui/ConfirmDialog';
import { toast } from '../../app/ui/toast-store';
import { errorText } from '../../app/ui/use-remote';
import { EXPERIENCE_MSG, sendRecall } from './api';
import { indentKey } from './indent-keys';
import './recall.css';

// 回忆练习: the sub-topics of a branch are hidden (its branch is folded on the map behind the
// dialog), the student writes what they remember, one item a line, indented as in the 大纲; 核对
// matches the lines to the hidden topics (engine/study/recall-match.ts), shows what was recalled
// and missed, and offers the extra items to add under the branch (one undo step). 完成 sends one
// grade per hidden topic (engine/study/recall-grade.ts) to the review cards.

interface Topic {
  id: string;
  text: string;
  parentId: string;
  depth: number;
}

const titleOf = (n: KmNode) => String(n.data.text ?? '').trim() || '分支主题';

function topicsOf(branch: KmNode, whole: boolean): Topic[] {
  const out: Topic[] = [];
  const walk = (n: KmNode, depth: number) => {
    for (const c of n.children ?? []) {
      out.push({ id: String(c.data.id), text: titleOf(c), parentId: String(n.data.id), depth });
      if (whole) walk(c, depth + 1);
    }
  };
  walk(branch, 0);
  return out;
}

/** The extra lines as new topics, nested as typed when an extra line hangs under another extra. */
function extraNodes(lines: RecallLine[], extra: number[]): KmNode[] {
  const parents = parentLines(lines);
  const chosen = new Set(extra);
  const nodes = new Map(extra.map((i) => [i, { data: { text: lines[i].text }, children: [] as KmNode[] } as KmNode]));
  const top: KmNode[] = [];
  for (const i of extra) {
    const p = parents[i];
    if (p >= 0 && chosen.has(p)) nodes.get(p)!.children!.push(nodes.get(i)!);
    else top.push(nodes.get(i)!);
  }
  return top;
}

const sessionId = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

interface Checked {
  lines: RecallLine[];
  result: RecallResult;
  seconds: number;
  /** each hidden topic's grade, shown at 核对 and sent at 完成 */
  grades: RecallGrade[];
}

export function RecallDialog({
  ctl,
  caseId,
  branchId,
  onClose,
  onRecorded,
}: {
  ctl: EditorController;
  caseId: string;
  branchId: string;
  onClose(): void;
  onRecorded(): void;
}) {
  const [branch, setBranch] = useState<KmNode | null>(null);
  const phone = usePhone();
  const [whole, setWhole] = useState(true);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [adding, setAdding] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const started = useRef(Date.now());
  const tabLeaves = useRef(false);
  /** The branch was open before the practice folded it (opened again when the practice ends). */
  const wasOpen = useRef(false);

  // The branch as it stands (folded parts too), and folded on the map while the student recalls.
  useEffect(() => {
    let live = true;
    wasOpen.current = ctl.model.get(branchId)?.collapsed === false;
    void ctl.engine.copy([branchId]).then((clip) => {
      if (!live) return;
      setBranch(clip.nodes[0] ?? null);
      if (wasOpen.current) void ctl.run('collapse', [[branchId]]);
    });
    return () => {
      live = false;
      if (wasOpen.current && ctl.model.get(branchId)) void ctl.run('expand', [[branchId]]);
    };
  }, [ctl, branchId]);

  const topics = useMemo(() => (branch ? topicsOf(branch, whole) : []), [branch, whole]);
  const byId = useMemo(() => new Map(topics.map((t) => [t.id, t])), [topics]);
  const branchTitle = branch ? titleOf(branch) : '';

  const check = () => {
    const lines = parseRecall(text);
    const result = matchRecall(branchId, topics, lines);
    const seconds = Math.round((Date.now() - started.current) / 1000);
    const grades = gradeRecall(
      topics.map((t) => t.id),
      result,
      { seconds, hinted: new Set() },
    );
    setChecked({ lines, result, seconds, grades });
    setAdding(new Set(result.extra));
  };

  const finish = async () => {
    if (!checked) return;
    setBusy(true);
    const { grades } = checked;
    const recalled = checked.result.matches.length;
    try {
      if (adding.size) {
        // Opened first, so undoing the added items leaves the branch open as the student sees it.
        if (wasOpen.current) {
          wasOpen.current = false;
          await ctl.run('expand', [[branchId]]);
        }
        const chosen = [...adding].sort((a, b) => a - b);
        await ctl.run('paste', [[branchId], extraNodes(checked.lines, chosen)], { say: `已把 ${chosen.length} 个补充的主题加到「${branchTitle}」下` });
      }
      await sendRecall({
        sessionId: sessionId(),
        caseId,
        branchId,
        seconds: checked.seconds,
        grades: grades.map((g) => ({ nodeId: g.topicId, rating: g.rating })),
      });
      toast.success(`回忆练习已记录：想起 ${recalled}/${grades.length} 个主题，评分已计入复习`);
      onRecorded();
      onClose();
    } catch (e) {
      const msg = errorText(e);
      if (msg === EXPERIENCE_MSG) {
        toast.warning(msg);
        onClose();
      } else toast.error(`回忆练习未能记录：${msg}`);
    } finally {
      setBusy(false);
    }
  };

  // Written work is not thrown away by a stray Esc or 取消: the app's own question first.
  const cancel = () => {
    if (text.trim() && !checked) setAsking(true);
    else onClose();
  };

  const recalledKind = new Map(checked?.result.matches.map((m) => [m.topicId, m]) ?? []);
  const gradeOf = new Map(checked?.grades.map((g) => [g.topicId, g.rating]) ?? []);
  return (
    <>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="放弃这次回忆练习？"
        description="已写下的内容不会保存。"
        cancelLabel="继续回忆"
        confirmLabel="放弃"
        onConfirm={onClose}
      />
      <EditorDialog title={`回忆练习：${branchTitle}`} open onClose={cancel} returnFocus={() => ctl.focusMap()} keepOnOutsideClick className="mind-recall">
        {!branch ? (
          <p role="status">正在准备…</p>
        ) : !checked ? (
          <>
            <fieldset className="mind-recall__scope">
              <legend>隐藏范围</legend>
              <label>
                <input type="radio" name="recall-scope" checked={whole} onChange={() => setWhole(true)} />
                整个分支（{topicsOf(branch, true).length} 个主题）
              </label>
              <label>
                <input type="radio" name="recall-scope" checked={!whole} onChange={() => setWhole(false)} />
                只隐藏下一级（{topicsOf(branch, false).length} 个主题）
              </label>
            </fieldset>
            <p id="mind-recall-help" className="mind-recall__help">
              凭记忆写下「{branchTitle}」下的主题，每行一个；
              {phone ? '行首加空格表示下一级。' : '用 Tab 或空格缩进表示下一级（先按 Esc，再按 Tab 或 Shift+Tab 可离开输入框）。'}
            </p>
            <textarea
              className="mind-recall__field"
              aria-label="回忆的内容"
              aria-describedby="mind-recall-help"
              rows={8}
              value={text}
              data-owns-escape={text.trim() ? '' : undefined}
              autoFocus
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => indentKey(e, tabLeaves, setText)}
            />
            <div className="mind-dialog__actions">
              <button type="button" className="btn" onClick={cancel}>
                取消
              </button>
              <button type="button" className="btn btn--primary" onClick={check}>
                核对
              </button>
            </div>
          </>
        ) : (
          <>
            <p role="status" className="mind-recall__score">
              想起 {checked.result.matches.length} / {topics.length} 个主题
            </p>
            <p id="mind-recall-rule" className="mind-recall__help">
              {GRADING_RULE}
            </p>
            <ul className="mind-recall__list" aria-label="核对结果" aria-describedby="mind-recall-rule">
              {topics.map((t) => {
                const m = recalledKind.get(t.id);
                const typed = m && m.kind !== 'exact' ? checked.lines[m.line].text : '';
                return (
                  <li key={t.id} className={m ? 'is-recalled' : 'is-missed'} style={{ paddingInlineStart: `${t.depth * 1.25}em` }}>
                    <span aria-hidden="true">{m ? '✓' : '✗'}</span> {t.text}
                    {m ? (typed ? `（你写的是：${typed}）` : '') : '（没想起）'}
                    <span className="mind-recall__grade"> · {RATING_LABELS[gradeOf.get(t.id) ?? 1]}</span>
                    {byId.get(t.parentId) && <span className="visually-hidden">，属于「{byId.get(t.parentId)!.text}」</span>}
                  </li>
                );
              })}
            </ul>
            {checked.result.extra.length > 0 && (
              <fieldset className="mind-recall__extra">
                <legend>导图里没有的内容：勾选的会加为「{branchTitle}」的子主题（可撤销）</legend>
                {checked.result.extra.map((i) => (
                  <label key={i}>
                    <input
                      type="checkbox"
                      checked={adding.has(i)}
                      onChange={(e) => {
                        const next = new Set(adding);
                        if (e.target.checked) next.add(i);
                        else next.delete(i);
                        setAdding(next);
                      }}
                    />
                    {checked.lines[i].text}
                  </label>
                ))}
              </fieldset>
            )}
            <div className="mind-dialog__actions">
              <button type="button" className="btn" onClick={() => setChecked(null)} disabled={busy}>
                返回修改
              </button>
              <button type="button" className="btn btn--primary" onClick={() => void finish()} disabled={busy}>
                {adding.size ? `添加 ${adding.size} 项并完成` : '完成'}
              </button>
            </div>
          </>
        )}
      </EditorDialog>
    </>
  );
}
