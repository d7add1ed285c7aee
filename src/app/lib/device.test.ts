// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isMobile } from './device';

const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('isMobile', () => {
  it('detects a mobile user agent at any width', () => {
    expect(isMobile(iphone, 1280)).toBe(true);
    expect(isMobile('Mozilla/5.0 (Linux; Android 14)', 1024)).toBe(true);
  });
  it('detects a narrow screen up to 768 px', () => {
    expect(isMobile(desktop, 768)).toBe(true);
    expect(isMobile(desktop, 769)).toBe(false);
  });
});
