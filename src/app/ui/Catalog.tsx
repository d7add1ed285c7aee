import type { ReactNode } from 'react';
import type { Page } from '../http/page';
import { ListSearchBox } from './ListSearchBox';
import { ListStatus } from './ListStatus';
import { CardGrid, CardGridItem, MediaCard, type MediaCardProps } from './MediaCard';
import { Pager } from './Pager';
import type { RemoteState } from './use-remote';
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

export interface CatalogCardsProps<T> {
  /** The page being shown, from useRemote (kept on screen while the next page loads). */
  list: RemoteState<Pick<Page<T>, 'records' | 'pages'>> & { reload(): void };
  /** Accessible names: the status region (课程列表), the card grid (课程), the pager (课程分页). */
  labels: { list: string; grid: string; pager: string };
  emptyText: string;
  page: number;
  onPage(page: number): void;
  keyOf(item: T): string;
  card(item: T): MediaCardProps;
}

/** The body of a catalogue screen: a page of cards with loading, empty and error states, then the pager. */
export function CatalogCards<T>({ list, labels, emptyText, page, onPage, keyOf, card }: CatalogCardsProps<T>) {
  const records = list.data?.records ?? [];
  return (
    <>
      <ListStatus label={labels.list} status={list.status} hasData={records.length > 0} error={list.error} onRetry={list.reload} emptyText={emptyText}>
        <CardGrid label={labels.grid}>
          {records.map((item) => (
            <CardGridItem key={keyOf(item)}>
              <MediaCard {...card(item)} />
            </CardGridItem>
          ))}
        </CardGrid>
      </ListStatus>
      <Pager page={page} pages={list.data?.pages ?? 0} onChange={onPage} label={labels.pager} />
    </>
  );
}
