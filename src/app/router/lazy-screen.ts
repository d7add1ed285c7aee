import { lazy, type ComponentType } from 'react';

/**
 * A route screen loaded on first visit, from a module with named exports:
 * `lazyScreen(() => import('../features/course/CourseList'), (m) => m.CourseList)`.
 * Each feature's import becomes its own chunk, so a route pulls in only its feature.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  return lazy(async () => ({ default: pick(await load()) }));
}
