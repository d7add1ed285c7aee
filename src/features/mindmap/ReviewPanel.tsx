import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { toast } from '../../app/ui/toast-store';
import { errorText } from '../../app/ui/use-remote';
import { markForReview } from './api';
import { type EditorController, usePhone } from '../../mindmap';

export interface MapReviewState {
  due: ReadonlySet<string>;
  scheduled: ReadonlySet<string>;
  excluded: ReadonlySet<string>;
}

/** The mark a node carries in the outline tree (and its label) when it is due for review. */
export const DUE_MARK = '待复习';

/**
 * The map filtered to the nodes due for review (issue 20), beside the student's own map (the
 * canvas marks them too, canvas/review-mark.ts): each shows its node on the map, its folded
 * branch opened. Opened, it takes the focus (it comes after the whole editor in tab order). The
 * selected node can be added (需复习) or excluded (不再复习).
 */
export function ReviewPanel({
  ctl,
  caseId,
  review,
  onChanged,
  onClose,
}: {
  ctl: EditorController;
  caseId: string;
  review: MapReviewState;
  onChanged(): void;
  /** 关闭 / Esc: the panel closes (the page hands the focus back to its opener). */
  onClose(): void;
}) {
  useSyncExternalStore(ctl.model.subscribe, ctl.model.getVersion);
  useSyncExternalStore(ctl.subscribe, ctl.getState);
  const primary = ctl.primary;
  const folded = useFoldedTexts(ctl, review.due);
  const due = [...review.due].flatMap((id) => {
    const text = ctl.model.get(id)?.text ?? folded.get(id);
    return text === undefined ? [] : [{ id, text }];
  });
  // Same-named topics (实践步骤 under every 知识点) are told apart by the topic they are under.
  const named = new Map<string, number>();
  for (const n of due) named.set(n.text, (named.get(n.text) ?? 0) + 1);
  const under = (id: string, text: string) => {
    if ((named.get(text) ?? 0) < 2) return '';
    const parent = ctl.model.get(ctl.model.get(id)?.parentId ?? '');
    return parent ? parent.text || '分支主题' : '';
  };
  const section = useRef<HTMLElement>(null);
  // On a phone the panel is a bottom sheet over the map (like 大纲 and 历史版本): it has 关闭.
  const phone = usePhone();
  useEffect(() => {
    (section.current?.querySelector<HTMLElement>('.mind-review__node') ?? section.current)?.focus();
  }, []);
  const hasCard = primary !== null && (review.due.has(primary) || review.scheduled.has(primary));
  const excluded = primary !== null && review.excluded.has(primary);

  const mark = async (action: 'add' | 'exclude' | 'include') => {
    if (!primary) return;
    try {
      await markForReview({ caseId, nodeId: primary, action });
      toast.success(action === 'exclude' ? '已不再复习该主题' : '已加入复习');
      onChanged();
    } catch (e) {
      toast.warning(errorText(e));
    }
  };

  return (
    <section
      ref={section}
      tabIndex={-1}
      className="mind-review"
      aria-labelledby="mind-review-title"
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <div className="mind-history__head">
        <h2 id="mind-review-title" className="mind-review__title">
          待复习的主题（{due.length}）
        </h2>
        {phone && (
          <button type="button" className="mind-sheet__close" onClick={onClose}>
            关闭
          </button>
        )}
      </div>
      {due.length ? (
        <ul className="mind-review__list">
          {due.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className="mind-review__node"
                aria-current={n.id === primary ? 'true' : undefined}
                onClick={() => void ctl.camera.focusNode(n.id)}
              >
                {n.text || '分支主题'}
                {under(n.id, n.text) && <span className="mind-review__under">（{under(n.id, n.text)}下）</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mind-review__empty">这张导图现在没有要复习的主题。</p>
      )}
      <div className="mind-review__actions">
        {excluded ? (
          <button type="button" className="btn btn--small" disabled={!primary} onClick={() => void mark('include')}>
            恢复复习
          </button>
        ) : hasCard ? (
          <button type="button" className="btn btn--small" onClick={() => void mark('exclude')}>
            不再复习
          </button>
        ) : (
          <button type="button" className="btn btn--small" disabled={!primary} onClick={() => void mark('add')}>
            需复习
          </button>
        )}
        <Link href="/personal/review" className="btn btn--small btn--primary">
          去复习
        </Link>
      </div>
    </section>
  );
}

/** Texts of due nodes under a folded branch (not in the editor's mirror of the visible tree). */
function useFoldedTexts(ctl: EditorController, due: ReadonlySet<string>): ReadonlyMap<string, string> {
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    const hidden = [...due].filter((id) => !ctl.model.get(id));
    if (!hidden.length) return;
    let live = true;
    void Promise.all(
      hidden.map((id) =>
        ctl.engine.getNodeData(id).then(
          (d) => [id, String(d.text ?? '')] as const,
          () => null,
        ),
      ),
    ).then((rows) => live && setTexts(new Map(rows.filter((r) => r !== null))));
    return () => {
      live = false;
    };
  }, [ctl, due]);
  return texts;
}
