import type { ReactNode } from 'react';
import { ListSearchBox } from './ListSearchBox';
import './catalog.css';

export interface CatalogProps {
  title: string;
  /** Accessible name of the search box, e.g. 搜索课程. */
  searchLabel: string;
  searchPlaceholder?: string;
  onSearch(name: string): void;
  /** FilterChips rows; the bar hides when there are none. */
  filters?: ReactNode;
  /** The current search text, to say what the results are for. */
  name?: string;
  total?: number;
  /** Unit for the result count: 门课程, 个案例 … */
  unit: string;
  children: ReactNode;
}

/** Frame of a catalogue screen: title and search box, filter bar, result summary, then the list and pager. */
export function Catalog({ title, searchLabel, searchPlaceholder, onSearch, filters, name, total, unit, children }: CatalogProps) {
  return (
    <div className="container catalog">
      <header className="catalog__head">
        <h1 className="catalog__title">{title}</h1>
        <ListSearchBox label={searchLabel} placeholder={searchPlaceholder} onSearch={onSearch} />
      </header>
      {filters && <div className="catalog__filters">{filters}</div>}
      {name && (
        <p className="catalog__summary" aria-live="polite">
          “{name}”的搜索结果{total !== undefined ? `，共 ${total} ${unit}` : ''}
        </p>
      )}
      {children}
    </div>
  );
}
