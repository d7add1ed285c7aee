import { apiGet } from '../../app/http/client';
import type { Page } from '../../app/http/page';

export interface HelpEntry {
  uuid: string;
  title: string;
  content: string;
  category: string;
  createTime: string;
}

export type HelpPage = Page<HelpEntry>;

export const HELP_PAGE_SIZE = 10;

/** SPEC §7 help centre; public, but called through the one client like everything else. */
export const helpCenterPage = (currentNum: number, title?: string) =>
  apiGet<HelpPage>('/api/basic/helpCenter/helpCenterPage', { currentNum, currentSize: HELP_PAGE_SIZE, title: title || undefined });
