import { useSearchParams } from 'wouter';

/** A valid 1-based page number from the query, else 1. */
export function parsePage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * The list page lives in the URL (`?page=3`) so that coming back from a detail screen, or
 * reloading, lands on the same page. Changing it replaces the entry: Back leaves the list.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const setPage = (next: number) =>
    setParams(
      (prev) => {
        const q = new URLSearchParams(prev);
        if (next > 1) q.set('page', String(next));
        else q.delete('page');
        return q;
      },
      { replace: true },
    );
  return [page, setPage];
}
