import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import { importDocument, type TextFormat } from './formats';

/**
 * Hostile files for the importers: random bytes and malformed .km/.md/.txt must either import or
 * throw an Error with a message, never hang, and a failed import must leave the open document as
 * it was. Each import runs under a vm timeout: V8 terminates a runaway loop (or a pathological
 * regex) there, which a plain deadline check after a synchronous call could never observe.
 */
const DEADLINE_MS = 10_000; // generous on a shared 2-core machine: this catches hangs, not slowness

type Outcome = { ok: true } | { ok: false; error: unknown };

function withDeadline(run: () => void): Outcome {
  let outcome: Outcome = { ok: true };
  const body = () => {
    try {
      run();
    } catch (error) {
      outcome = { ok: false, error };
    }
  };
  // A timeout throws out of runInNewContext itself (ERR_SCRIPT_EXECUTION_TIMEOUT) and fails the test.
  runInNewContext('body()', { body }, { timeout: DEADLINE_MS });
  return outcome;
}

function expectCleanRejection(outcome: Outcome, input: string) {
  if (outcome.ok) return;
  const e = outcome.error;
  expect(e, `non-Error thrown for ${JSON.stringify(input.slice(0, 80))}`).toBeInstanceOf(Error);
  expect((e as Error).message.length, 'empty message').toBeGreaterThan(0);
  expect(e, `stack overflow for ${JSON.stringify(input.slice(0, 80))}`).not.toBeInstanceOf(RangeError);
}

const bytes = fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b).toString(Math.random() < 0.5 ? 'utf8' : 'latin1'));
const kmLike = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  fc
    .record(
      { root: fc.jsonValue({ maxDepth: 5 }), theme: fc.oneof(fc.string(), fc.constant('fresh-blue')), template: fc.string(), version: fc.string() },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
  fc
    .record({
      data: fc.dictionary(
        fc.constantFrom('id', 'text', 'note', 'hyperlink', 'priority', 'progress', 'image', 'layout', 'expandState', 'font-size', 'color'),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      children: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }),
    })
    .map((root) => JSON.stringify({ root })),
  fc.string().map((s) => `{"root":{"data":{"text":${JSON.stringify(s)}},"children":[`),
);
const lineChars = fc.constantFrom(
  '#',
  '-',
  '*',
  '+',
  ' ',
  '\t',
  '\n',
  '\r',
  'a',
  '中',
  '1',
  '.',
  '>',
  '`',
  '<',
  '!',
  '\\',
  '|',
  '=',
  '\u0000',
  '\u200b',
  '\ud800',
);
const outline = fc.string({ unit: lineChars, maxLength: 400 });
const indentedLines = fc
  .array(fc.tuple(fc.nat(40), fc.constantFrom('\t', ' ', '  ', '    '), fc.string({ maxLength: 6 })), { maxLength: 60 })
  .map((ls) => ls.map(([n, ind, text]) => ind.repeat(n) + text).join('\n'));
const headings = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.string({ maxLength: 8 }), fc.boolean()), { maxLength: 40 })
  .map((ls) => ls.map(([level, text, isNote]) => (isNote ? text : `${'#'.repeat(level)} ${text}`)).join('\n'));

const formats: TextFormat[] = ['km', 'md', 'txt'];
const inputFor = (format: TextFormat) => (format === 'km' ? fc.oneof(bytes, kmLike) : fc.oneof(bytes, outline, indentedLines, headings));

describe('importers under random and malformed files', () => {
  for (const format of formats) {
    it(`.${format}: imports or throws a clear Error, never hangs`, () => {
      fc.assert(
        fc.property(inputFor(format), (input) => {
          expectCleanRejection(
            withDeadline(() => importDocument(format, input)),
            input,
          );
        }),
        { numRuns: 400 },
      );
    });
  }

  it('pathological sizes: very deep and very wide outlines and .km trees', () => {
    const deepTabs = Array.from({ length: 5000 }, (_, i) => '\t'.repeat(i) + `n${i}`).join('\n');
    const deepHeadings = Array.from({ length: 3000 }, (_, i) => `${'#'.repeat(i + 1)} h${i}`).join('\n');
    let deepKm = '{"data":{"text":"leaf"}}';
    for (let i = 0; i < 20_000; i++) deepKm = `{"data":{"text":"n"},"children":[${deepKm}]}`;
    const wide = 'root\n' + Array.from({ length: 20_000 }, (_, i) => `\tchild ${i}`).join('\n');
    const cases: [TextFormat, string][] = [
      ['txt', deepTabs],
      ['md', deepTabs],
      ['md', deepHeadings],
      ['km', `{"root":${deepKm}}`],
      ['km', '['.repeat(100_000) + ']'.repeat(100_000)],
      ['txt', wide],
      ['txt', ' '.repeat(200_000) + 'x'],
      ['md', '#'.repeat(200_000)],
      ['md', '<!--'.repeat(50_000)],
    ];
    for (const [format, input] of cases)
      expectCleanRejection(
        withDeadline(() => importDocument(format, input)),
        input,
      );
  });
});

describe('a failed import leaves the open document untouched', () => {
  const editor = new MindEditor();
  editor.load({
    root: { data: { id: 'root', text: '原文档' }, children: [{ data: { id: 'c1', text: '子主题', note: '备注' }, children: [] }] },
    template: 'default',
    theme: 'fresh-blue',
    version: '1.4.43',
  });
  editor.execute('editText', ['c1', '撤销前']);

  for (const format of formats) {
    it(`.${format}`, () => {
      fc.assert(
        fc.property(inputFor(format), (input) => {
          const before = JSON.stringify(editor.toKm());
          const canUndo = editor.canUndo;
          const outcome = withDeadline(() => editor.importData(format, input));
          expectCleanRejection(outcome, input);
          if (!outcome.ok) {
            expect(JSON.stringify(editor.toKm())).toBe(before);
            expect(editor.canUndo).toBe(canUndo);
            return;
          }
          // An accepted import is a whole, usable document: it exports and reads back.
          const km = editor.exportData('km');
          expect(() => importDocument('km', km)).not.toThrow();
          editor.load(JSON.parse(before));
          editor.execute('editText', ['c1', '撤销前']);
        }),
        // FC_SEED replays a failed run whole: the editor carries over from one input to the next
        { numRuns: 200, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), verbose: 2 } : {}) },
      );
    });
  }
});
