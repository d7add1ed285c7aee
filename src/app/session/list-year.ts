import { defaultYear, type YearItem } from './reference-store';

/**
 * URL value of the 年份 filter's 全部. It has to be explicit: a list URL without `year` means the
 * default year, so "every year" cannot be spelt as no year.
 */
export const ALL_YEARS = 'all';

/**
 * The year a course or case list filters on ('' = every year), from its URL `year` and `name`
 * (SPEC §3: the stored year list, default 2021). A list opened without a year starts on the default
 * year; 全部 and any year stay one click away. A name search without a chosen year searches every
 * year, so a match is never hidden behind a filter the student did not pick (the header search
 * lands here with only `name`).
 */
export function listYear(urlYear: string, name: string, years: readonly YearItem[]): string {
  if (urlYear === ALL_YEARS) return '';
  // a hand-edited ?year=abc is no choice: the server would refuse it, so it falls back as if absent
  if (/^[0-9]{4}$/.test(urlYear)) return urlYear;
  return name ? '' : defaultYear(years);
}

/** What the 年份 chips write back to the URL: the chosen year, or `all` for 全部. */
export const yearParam = (chip: string): string => chip || ALL_YEARS;

/** The chips of the year list, labelled as the server labels them (2021年). */
export const yearOptions = (years: readonly YearItem[]) => years.map((y) => ({ value: y.dictValue, label: y.dictLabel }));
