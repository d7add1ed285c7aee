/** A paged answer (DESIGN §4): one page of `records` plus the counts a pager needs. */
export interface Page<T> {
  records: T[];
  total: number;
  pages: number;
  current: number;
  size: number;
}
