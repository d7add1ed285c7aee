import type { ComponentType } from 'react';
import { lazyScreen } from './lazy-screen';
import type { AppRoute } from './route-types';

/**
 * Route path of a route file relative to its routes folder (SPEC §2, activity area): a path
 * ending in `index` gives a route at that path, otherwise folder/name.
 *   'activity/index.tsx' → '/activity', 'tutorDetail/index.tsx' → '/tutorDetail',
 *   'activity/signUp.tsx' → '/activity/signUp', 'index.tsx' → '/'.
 */
export function routePathOf(relativeFile: string): string {
  const parts = relativeFile
    .replace(/^\.?\//, '')
    .replace(/\.[jt]sx?$/, '')
    .split('/')
    .filter(Boolean);
  if (parts[parts.length - 1] === 'index') parts.pop();
  return `/${parts.join('/')}`;
}

/** A route file exports its screen as `Screen` (named export, so the file stays greppable). */
export interface RouteFile {
  Screen: ComponentType;
}

/**
 * Routes generated from `import.meta.glob('<root>**\/*.tsx')` (lazy: one chunk per file).
 * `root` is the glob's folder exactly as written in the glob, ending in '/'.
 */
export function fileRoutes(modules: Record<string, () => Promise<unknown>>, root: string, extra: Partial<AppRoute> = {}): AppRoute[] {
  return Object.entries(modules)
    .filter(([file]) => file.startsWith(root) && !/\.test\.[jt]sx?$/.test(file))
    .map(([file, load]) => ({
      ...extra,
      path: routePathOf(file.slice(root.length)),
      screen: lazyScreen(load as () => Promise<RouteFile>, (m) => m.Screen),
    }))
    .sort((a, b) => b.path.length - a.path.length);
}
