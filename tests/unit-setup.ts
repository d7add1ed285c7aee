import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => cleanup());

// The files of a worker share one jsdom window (vitest.config.ts, isolate: false): what a file
// left in the page's storage, address or body must not reach the next one.
afterAll(() => {
  if (typeof window === 'undefined') return; // a file that runs in Node (@vitest-environment node)
  localStorage.clear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});
