// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, captchaMatches, generateCaptcha } from './captcha';

function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('captcha', () => {
  it('uses letters and digits without look-alikes', () => {
    for (const c of '0Oo1lIi2Zz5Ss6G9gqLt') expect(CAPTCHA_ALPHABET).not.toContain(c);
    expect(CAPTCHA_ALPHABET).toMatch(/^[A-Za-z0-9]+$/);
    expect(new Set(CAPTCHA_ALPHABET).size).toBe(CAPTCHA_ALPHABET.length);
    expect(CAPTCHA_ALPHABET).toMatch(/[A-Z]/);
    expect(CAPTCHA_ALPHABET).toMatch(/[a-z]/);
    expect(CAPTCHA_ALPHABET).toMatch(/\d/);
  });

  it('makes 4 characters from the alphabet, deterministic for a seeded source', () => {
    const random = seeded(42);
    for (let i = 0; i < 200; i += 1) {
      const code = generateCaptcha(random);
      expect(code).toHaveLength(4);
      for (const c of code) expect(CAPTCHA_ALPHABET).toContain(c);
    }
    expect(generateCaptcha(seeded(7))).toBe(generateCaptcha(seeded(7)));
    expect(generateCaptcha(() => 0)).toBe('AAAA');
    expect(generateCaptcha(() => 0.9999)).toBe('rrrr');
  });

  it('compares case-insensitively', () => {
    expect(captchaMatches('ab3d', 'AB3D')).toBe(true);
    expect(captchaMatches(' AB3d ', 'ab3D')).toBe(true);
    expect(captchaMatches('ab3e', 'ab3d')).toBe(false);
    expect(captchaMatches('', 'ab3d')).toBe(false);
  });
});
