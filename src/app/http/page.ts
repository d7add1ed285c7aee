/** A paged answer (DESIGN §4): one page of `records` plus the counts a pager needs. */
export type { PageOf as Page } from '../../contract/common';
