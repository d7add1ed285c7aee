import { describe, expect, it } from 'vitest';
import { ALL_YEARS, listYear, yearParam } from './list-year';

const YEARS = [
  { dictValue: '2022', dictLabel: '2022年', isDefault: 0 },
  { dictValue: '2021', dictLabel: '2021年', isDefault: 1 },
];

describe('listYear (the 年份 filter a list sends)', () => {
  it('starts on the server’s default year, else 2021 while the year list is unknown', () => {
    expect(listYear('', '', YEARS)).toBe('2021');
    expect(listYear('', '', [{ dictValue: '2023', dictLabel: '2023年', isDefault: 1 }])).toBe('2023');
    expect(listYear('', '', [])).toBe('2021');
  });

  it('keeps a chosen year, and 全部 (all) sends no year', () => {
    expect(listYear('2022', '', YEARS)).toBe('2022');
    expect(listYear(ALL_YEARS, '', YEARS)).toBe('');
    expect(listYear('2022', 'Python', YEARS)).toBe('2022');
    expect(listYear('abc', '', YEARS)).toBe('2021');
  });

  it('a name search without a chosen year searches every year', () => {
    expect(listYear('', 'Python', YEARS)).toBe('');
  });

  it('the chips write the year, or all for 全部', () => {
    expect(yearParam('2022')).toBe('2022');
    expect(yearParam('')).toBe(ALL_YEARS);
  });
});
