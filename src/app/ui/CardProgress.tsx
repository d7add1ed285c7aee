/**
 * A case card's study percentage (issue 22: the same number the detail page, 我的学习 and the
 * map's root show — the server's case progress). Shown only while the student studies the case
 * (applyStatus 1); the bar is decoration, the text is what is read.
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
