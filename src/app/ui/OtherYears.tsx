/**
 * Under a catalogue filtered on one year: how many more the other years hold, with 全部 one tap
 * away (outside walk: the default year 2021 hid 9 of the 14 courses Home shows, and a year with
 * nothing yet, 2025年 or 2026年, left an empty list and no hint). SPEC §3 keeps the default year.
 */
export function OtherYears({ year, shown, everyYear, unit, onAll }: { year: string; shown?: number; everyYear?: number; unit: string; onAll(): void }) {
  if (!year || shown === undefined || everyYear === undefined || everyYear <= shown) return null;
  return (
    <p className="catalog__other-years">
      其他年份还有 {everyYear - shown} {unit}
      <button type="button" className="btn btn--small" onClick={onAll}>
        查看全部年份
      </button>
    </p>
  );
}
