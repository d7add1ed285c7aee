import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { splitHash } from '../router/hash-location';

/**
 * List filters live in the URL (`#/course/list?category=2&year=2024&page=3`) so reload, Back and a
 * shared link restore the same list. These helpers are the one translation between the query string
 * and a filter object: keys with empty values are dropped, `page` is a positive integer (1 is
 * omitted), and changing any filter other than the page returns to page 1.
 */
export type ListFilters<K extends string> = Record<K, string> & { page: number };

export function readListQuery<K extends string>(search: URLSearchParams | string, keys: readonly K[]): ListFilters<K> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out = {} as Record<K, string>;
  for (const k of keys) out[k] = (params.get(k) ?? '').trim();
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return { ...out, page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** Applies a change to the current query, keeping keys this list does not own (e.g. from other code). */
export function writeListQuery(current: URLSearchParams | string, change: { page?: number; [filter: string]: string | number | undefined }): URLSearchParams {
  const next = new URLSearchParams(typeof current === 'string' ? current : current.toString());
  let filterChanged = false;
  for (const [k, v] of Object.entries(change)) {
    if (k === 'page') continue;
    const value = String(v ?? '').trim();
    if ((next.get(k) ?? '') !== value) filterChanged = true;
    if (value) next.set(k, value);
    else next.delete(k);
  }
  const page = filterChanged ? 1 : (change.page ?? readListQuery(next, []).page);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/**
 * A list screen's filters from the URL, and a setter. Filter and page changes push a history entry
 * so Back returns to the previous page of results; pass `{ replace: true }` for changes that should
 * not (the search box already replaces).
 */
export function useListQuery<K extends string>(
  keys: readonly K[],
): [ListFilters<K>, (change: Partial<Record<K, string>> & { page?: number }, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readListQuery(params, keys), [params, keys]);
  const update = useCallback(
    (change: Partial<Record<K, string>> & { page?: number }, options?: { replace?: boolean }) => {
      // Read the live URL, not the render-time params: the search box may have just replaced ?name=.
      const live = splitHash(window.location.hash).search;
      setParams(writeListQuery(live, change), options);
    },
    [setParams],
  );
  return [filters, update];
}
