import { useSyncExternalStore } from 'react';

/**
 * Hash routing with the query kept inside the hash (`#/course/list?name=数据`), which is what
 * students bookmark and share. wouter's stock useHashLocation treats the whole hash as the path
 * and reads the query from `location.search`, so routes with a query would not match.
 */
export function splitHash(hash: string): { path: string; search: string } {
  const raw = hash.replace(/^#/, '');
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  const search = q < 0 ? '' : raw.slice(q + 1);
  return { path: path.startsWith('/') ? path : `/${path}`, search };
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

const readPath = () => safeDecode(splitHash(window.location.hash).path);
const readSearch = () => splitHash(window.location.hash).search;

function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export interface NavigateOptions {
  replace?: boolean;
}

/** Navigates to an app path that may carry a query: `/course/list?name=数据`. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const target = `#${to.startsWith('/') ? to : `/${to}`}`;
  if (options.replace) {
    window.history.replaceState(window.history.state, '', target);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else if (window.location.hash !== target) {
    window.location.hash = target;
  }
}

/** wouter location hook: the path part of the hash, and a navigate function. */
export function useHashLocation(): [string, (to: string, options?: NavigateOptions) => void] {
  return [useSyncExternalStore(subscribe, readPath, () => '/'), navigate];
}

/** wouter search hook: the query part of the hash, without '?'. */
export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, readSearch, () => '');
}

/** Builds `/path?k=v` from a path and params, skipping empty values. */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * The `href` a <Link> renders: the route inside the hash, so opening it in a new tab, copying
 * it or a middle click reaches the same screen (a bare /personal/myStudy is not a page).
 */
export const hashHref = (href: string): string => (href.startsWith('#') ? href : `#${href}`);
