import { withQuery } from '../router/hash-location';

/** Header search types (SPEC §2): value → list route. */
export const SEARCH_TYPES = [
  { value: '1', label: '项目案例', path: '/project/list' },
  { value: '2', label: '专业课程', path: '/course/list' },
  { value: '3', label: '实践训练', path: '/practice' },
] as const;

export type SearchType = (typeof SEARCH_TYPES)[number]['value'];

/** Where a header search goes: the type's list with ?name= (omitted when empty). */
export function searchTarget(type: SearchType, name: string): string {
  const t = SEARCH_TYPES.find((s) => s.value === type) ?? SEARCH_TYPES[0];
  return withQuery(t.path, { name: name.trim() });
}

/** What the header box shows on a page: a list's type and ?name=, else nothing (an empty box). */
export function searchFromLocation(path: string, search: string): { type?: SearchType; name: string } {
  const t = SEARCH_TYPES.find((s) => s.path === path);
  if (!t) return { name: '' };
  return { type: t.value, name: new URLSearchParams(search).get('name') ?? '' };
}
