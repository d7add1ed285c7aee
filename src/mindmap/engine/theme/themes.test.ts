import { describe, expect, it } from 'vitest';
import { PICKER_THEMES, getTheme, themeExists, themeNames } from './themes';

describe('themes', () => {
  it('offers the four picker themes and loads every kityminder name', () => {
    for (const t of PICKER_THEMES) expect(themeExists(t)).toBe(true);
    expect(themeNames()).toHaveLength(20);
    expect(() => getTheme('neon')).toThrow('Theme neon not exists!');
  });
  it('carries the reference values', () => {
    const fb = getTheme('fresh-blue');
    expect(fb.root).toMatchObject({ background: '#73a1bf', fontSize: 16, padding: [12, 24], margin: [30, 100] });
    expect(fb.main).toMatchObject({ background: '#eef3f6', fontSize: 14, padding: [6, 20], margin: [20, 20] });
    expect(fb.sub).toMatchObject({ fontSize: 12, padding: [5, 10], margin: [15, 20] });
    expect(getTheme('classic-compact').main).toMatchObject({ padding: [5, 15], margin: [5, 10], fontSize: 16 });
    expect(getTheme('wire').background).toBe('black');
    expect(getTheme('tianpan').lineHeight).toBe(1.4);
  });
});
