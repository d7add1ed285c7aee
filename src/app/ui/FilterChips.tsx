import { useId } from 'react';
import './filter-chips.css';

export interface ChipOption {
  value: string;
  label: string;
}

export interface FilterChipsProps {
  /** Visible row title, also the group's accessible name: 分类, 年份 … */
  label: string;
  options: readonly ChipOption[];
  /** '' selects 全部 */
  value: string;
  onChange(value: string): void;
  /** Text of the clear option; null hides it (a filter that always has a value). */
  allLabel?: string | null;
}

/**
 * One row of a list's filter bar, the way Chinese course catalogues show them (分类：全部 | 计算机 |
 * …). Toggle buttons with aria-pressed rather than a select: every option stays visible and one
 * click or Enter applies it.
 */
export function FilterChips({ label, options, value, onChange, allLabel = '全部' }: FilterChipsProps) {
  const id = useId();
  const all = allLabel === null ? options : [{ value: '', label: allLabel }, ...options];
  return (
    <div className="filter-chips" role="group" aria-labelledby={id}>
      <span id={id} className="filter-chips__label">
        {label}
      </span>
      <div className="filter-chips__options">
        {all.map((o) => (
          <button
            key={o.value || '__all'}
            type="button"
            className="filter-chips__chip"
            aria-pressed={o.value === value}
            onClick={() => o.value !== value && onChange(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}
