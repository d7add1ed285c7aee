// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { avatarUrl, defaultAvatar } from './avatar';

describe('default avatars', () => {
  it('uses one default for sex 1 and the other for anything else', () => {
    expect(defaultAvatar(1)).toBe('/avatar-female.svg');
    expect(defaultAvatar('1')).toBe('/avatar-female.svg');
    for (const other of [0, '0', 2, null, undefined, '']) expect(defaultAvatar(other)).toBe('/avatar-male.svg');
  });
  it('prefers a real avatar', () => {
    expect(avatarUrl('https://x/a.png', 1)).toBe('https://x/a.png');
    expect(avatarUrl('', 1)).toBe('/avatar-female.svg');
    expect(avatarUrl(null, 0)).toBe('/avatar-male.svg');
  });
});
