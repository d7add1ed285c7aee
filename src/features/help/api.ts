import { apiGet } from '../../app/http/client';
import type { HelpEntry, HelpPage } from '../../contract/help';

export type { HelpEntry, HelpPage };

export const HELP_PAGE_SIZE = 10;

/** SPEC §7 help centre; public, but called through the one client like everything else. */
export const helpCenterPage = (currentNum: number, title?: string) =>
  apiGet<HelpPage>('/api/basic/helpCenter/helpCenterPage', { currentNum, currentSize: HELP_PAGE_SIZE, title: title || undefined });
