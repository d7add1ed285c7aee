import { proxy } from 'valtio';
import { RESULT_OK } from '../http/client';
import { newsCheck } from './auth-api';
import { session } from './session-store';

/** Unread message count behind the header's dot. Features that mark messages read call refreshNews(). */
export const news = proxy({ unread: 0 });

export async function refreshNews(): Promise<void> {
  if (!session.token) {
    news.unread = 0;
    return;
  }
  try {
    const res = await newsCheck();
    if (res.resultCode === RESULT_OK) news.unread = Number(res.data?.list?.total ?? 0);
  } catch {
    // a newer check replaced this one, or the network failed: the dot stays as it was
  }
}
