import fc from 'fast-check';

// The characters that break markup and outline formats, for property tests of exchange round
// trips: whitespace of every kind, markup characters, entity look-alikes, a literal <br>,
// quotes, CJK and emoji.

export const titleUnit = fc.constantFrom(
  ' ',
  '\t',
  '#',
  '-',
  '\\',
  '<br>',
  '中',
  '学',
  '😀',
  '&',
  '<',
  '>',
  '"',
  "'",
  'a',
  '\n',
  '\r',
  'lt;',
  '&#32;',
  '\u00a0',
  '\u3000',
  '\u2028',
  ']]>',
  '<!--',
);
