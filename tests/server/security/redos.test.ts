import safeRegex from 'safe-regex2';
import { describe, expect, it } from 'vitest';
import { ANSWER_PATTERN } from '../../../src/contract/exams';
import { isEmail, PASSWORD_RE, PHONE_RE } from '../../../src/contract/rules';

/**
 * ReDoS: every pattern the server runs on request input. A pattern with nested quantifiers can
 * take exponential time on a crafted string and stall the whole process (one event loop serves
 * every student). Each must pass the star-height check, and must answer on long hostile strings
 * (a catastrophic pattern would hang here until the test times out). Schemas also cap lengths.
 */
const PATTERNS: Record<string, RegExp> = { PHONE_RE, PASSWORD_RE, ANSWER_PATTERN: new RegExp(ANSWER_PATTERN) };
// SPEC §5's e-mail pattern, as written: isEmail must accept exactly what it accepts.
const SPEC_EMAIL = /^[\w.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+){0,2}\.[A-Za-z]{2,8}$/;

const HOSTILE = [
  'a'.repeat(50_000) + '!',
  '1'.repeat(50_000) + 'x',
  'a@' + 'a'.repeat(50_000) + '!',
  'a@' + 'a.'.repeat(25_000) + '!',
  `${'a1'.repeat(25_000)} `,
  'A,'.repeat(25_000) + 'Z',
];

describe('patterns applied to request input', () => {
  it.each(Object.entries(PATTERNS))('%s has no nested quantifiers', (_name, re) => {
    expect(safeRegex(re)).toBe(true);
  });

  it.each(Object.entries(PATTERNS))('%s rejects long hostile strings', (_name, re) => {
    for (const s of HOSTILE) expect(re.test(s)).toBe(false);
  });

  it('the checker does flag a catastrophic pattern (so the check above can fail)', () => {
    expect(safeRegex(/^(a+)+$/)).toBe(false);
    expect(safeRegex(SPEC_EMAIL)).toBe(false); // why e-mail is checked part by part
  });

  it('isEmail accepts what the SPEC pattern accepts, and answers on hostile strings', () => {
    const samples = [
      'li.ming@example.com',
      'a+b@mail.school.edu.cn',
      'x@a.b.c.de',
      'x@a.b.c.d.ef',
      'x@localhost',
      'x@a.c1',
      'x@a.abcdefghi',
      '@a.com',
      'a@.com',
      'a@a..com',
      'a@@a.com',
      'a b@a.com',
      '李@a.com',
      'a@a-b.co',
      'a@a.co.',
      'a@a.com@b.com',
      '',
    ];
    for (const s of samples) expect([s, isEmail(s)]).toEqual([s, SPEC_EMAIL.test(s)]);
    for (const s of HOSTILE) expect(isEmail(s)).toBe(false);
  });
});
