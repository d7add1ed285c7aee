import type { KmDocument } from '../model/types';

// What the sync property tests start from and compare by (engine and server alike).

/** A small map: a root, a branch with a child, and a leaf. */
export const SMALL_MAP: KmDocument = {
  root: {
    data: { id: 'r', text: '中心主题' },
    children: [
      { data: { id: 'a', text: 'A' }, children: [{ data: { id: 'a1', text: 'A1' }, children: [] }] },
      { data: { id: 'b', text: 'B' }, children: [] },
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

/**
 * A map as text, its topics' data keys sorted and the keys `without` left out: a tab that took
 * its own set back and replayed it may hold a topic's keys in another order than the server
 * (font-weight before expandState), the same map; compared as is, about one seed in a few
 * hundred failed.
 */
export function mapText(km: KmDocument, without: ReadonlySet<string> = new Set()): string {
  return JSON.stringify(km, (k, v: unknown) =>
    without.has(k)
      ? undefined
      : v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
  );
}
