import { proxy, subscribe } from 'valtio';
import { getLocal, setLocal, STORAGE_KEYS } from '../../app/lib/storage';

export type ActivityTab = '0' | '1';

interface Stored {
  tab: ActivityTab;
  page: number;
}

function restore(): Stored {
  const v = getLocal<Partial<Stored>>(STORAGE_KEYS.pageNum);
  const page = Number(v?.page);
  return { tab: v?.tab === '1' ? '1' : '0', page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/**
 * The activity screen's tab and page number (SPEC §3/§4: the current page number is stored
 * locally), so coming back from a tutor's detail, or reloading, lands on the same page.
 */
export const activity = proxy<Stored>(restore());

subscribe(activity, () => setLocal(STORAGE_KEYS.pageNum, { tab: activity.tab, page: activity.page }));

/** Changing tab starts again at page 1 (SPEC §4). */
export function setTab(tab: ActivityTab): void {
  if (tab === activity.tab) return;
  activity.tab = tab;
  activity.page = 1;
}

export function setPage(page: number): void {
  activity.page = Math.max(1, Math.floor(page));
}
