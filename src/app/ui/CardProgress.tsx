/**
 * A card's study percentage: a case's (issue 22: the same number the detail page, 我的学习 and the
 * map's root show — the server's case progress) or a course's (its learnt sections, courseProgress).
 * Shown only while the student studies it (applyStatus 1: applied, signed up); the bar is
 * decoration, the text is what is read.
 */
export function CardProgress({ applyStatus, progress }: { applyStatus?: number; progress?: number }) {
  if (applyStatus !== 1 || progress === undefined) return null;
  const percent = Math.max(0, Math.min(100, Math.round(progress)));
  return (
    <span className="card-progress">
      <span className="card-progress__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
      <span className="card-progress__text">已学 {percent}%</span>
    </span>
  );
}

/** A course card's percentage: learnt sections of all its sections, as the detail's 已学 n/m. */
export const coursePercent = (c: { learntSections: number; sectionCount: number }) => (c.sectionCount > 0 ? (c.learntSections / c.sectionCount) * 100 : 0);
