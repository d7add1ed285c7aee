import { inject } from 'vitest';

/**
 * The server of this e2e worker (global-setup.ts starts one per worker): vitest numbers the
 * workers running at once from 1, so two files running side by side never share a server.
 */
export function e2eBaseURL(): string {
  const urls = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length]!;
}
