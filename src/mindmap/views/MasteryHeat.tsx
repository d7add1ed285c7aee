import { useSyncExternalStore } from 'react';
import type { MapMastery } from '../../contract/review';
import { HEAT_FILLS } from '../canvas/mastery-mark';
import type { EditorController } from '../editor/controller';
import { MASTERY_LABELS } from '../editor/mastery-view';
import { recallPercent } from '../engine/study/recall-percent';
import './mastery.css';

// The 掌握度 view's panel (issue 34 item 2): while the canvas tints each topic by its mastery,
// this says what the tints mean, which of the root's branches fades most (the most topics whose
// predicted recall fell under the server's threshold: an orange outline on the map), and the
// map's predicted recall today and in 7 days.

const css = (c: number) => `#${c.toString(16).padStart(6, '0')}`;

/** The sentence naming the branch that fades most, or why there is none. */
export function fadingSentence(ctl: EditorController, data: MapMastery | null): string {
  if (!data || !data.nodeIds.length) return '还没有掌握度：标记已学后复习，或做一次回忆练习，导图就会按掌握度着色。';
  const root = ctl.model.get(ctl.model.rootId);
  const worst = ctl.doc.mastery.mostFading(root?.children ?? []);
  if (worst)
    return `「${ctl.model.say(ctl.model.get(worst.id)?.text ?? '') || '分支主题'}」有 ${worst.fading} 个主题正在遗忘，建议先复习这一支或做一次回忆练习。`;
  if (data.fading.length) return `有 ${data.fading.length} 个主题正在遗忘（橙色边框）。`;
  return '没有正在遗忘的分支。';
}

export function MasteryHeat({ ctl, data }: { ctl: EditorController; data: MapMastery | null }) {
  useSyncExternalStore(ctl.doc.mastery.subscribe, ctl.doc.mastery.getVersion);
  useSyncExternalStore(ctl.model.subscribe, ctl.model.getVersion);
  const graded = !!data?.nodeIds.length;
  return (
    <section className="mind-mastery" aria-label="掌握度">
      <ul className="mind-mastery__legend" aria-label="颜色说明">
        {MASTERY_LABELS.map((label, i) => (
          <li key={label}>
            <span className="mind-mastery__swatch" style={{ background: css(HEAT_FILLS[i]) }} aria-hidden="true" />
            {label}
          </li>
        ))}
        <li>
          <span className="mind-mastery__swatch is-fading" aria-hidden="true" />
          正在遗忘
        </li>
      </ul>
      <p role="status" className="mind-mastery__says">
        {fadingSentence(ctl, data)}
        {graded && data && ` 全图预计回忆率：今天 ${recallPercent(data.recallToday)}，7 天后 ${recallPercent(data.recallIn7Days)}。`}
      </p>
    </section>
  );
}
