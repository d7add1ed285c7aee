import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

// Fixtures are copied into ./fixtures so tests never depend on /work/shared.
const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
import { decodeText, encodeText, encodeWrap } from './text';
import { decodeKm, encodeKm } from './km';
import { importDocument } from './formats';
import { stripIds } from '../testing/strip-ids';

describe('outline text protocol', () => {
  it('exports 01 with CR endings and \\n escapes', () => {
    expect(encodeText(decodeKm(fixture('01-data-structures.km')).root)).toBe(fixture('01-data-structures.export.txt'));
  });

  // One deliberate difference: `\\` is an escaped backslash (kityminder kept both characters
  // unless an `n` followed), so that every title can be written; `C:\\new\\dir` reads `C:\new\dir`.
  const ref02 = (json: string) => json.replace('\\\\\\\\dir', '\\\\dir');

  it('decodes 02 like the reference decoder, except that \\\\ is one backslash', () => {
    expect(decodeText(fixture('02-outline.txt'))).toEqual(JSON.parse(ref02(fixture('02-outline.decoded.json'))));
  });

  it('imports 02 into the expected .km and re-exports the expected text', () => {
    const doc = importDocument('txt', fixture('02-outline.txt'));
    expect(stripIds(encodeKm(doc))).toBe(ref02(fixture('02-outline.imported.km')));
    expect(encodeText(doc.root)).toBe(fixture('02-outline.reexport.txt').replace('\\\\dir', '\\dir'));
  });

  it.each(['05-invalid-skipped-level', '05-invalid-two-roots'])('rejects %s', (name) => {
    expect(fixture(`${name}.expected.txt`).trim()).toBe('THROWS Error: Invalid local format');
    expect(() => importDocument('txt', fixture(`${name}.txt`))).toThrow('Invalid local format');
  });

  it('reads 05-invalid-two-space-indent as two spaces per level (deliberate: editors indent so)', () => {
    const doc = importDocument('txt', fixture('05-invalid-two-space-indent.txt'));
    expect(doc.root.children!.map((c) => c.data.text)).toEqual(['两个空格缩进不算缩进']);
    // With TAB indentation elsewhere in the file, leftover spaces are still title text (kityminder).
    expect(decodeText('R\n\tA\n\t  B')!.children!.map((c) => c.data.text)).toEqual(['A', '  B']);
  });

  it('fixes the stale-parent quirk: the line is rejected instead of attached to A1', () => {
    expect(fixture('05-quirk-stale-parent.expected.txt').startsWith('OK')).toBe(true);
    expect(() => decodeText(fixture('05-quirk-stale-parent.txt'))).toThrow('Invalid local format');
    expect(() => decodeText('R\n\tA\n\t\tA1\n\tB\n\t\t\tX')).toThrow('Invalid local format');
  });

  it('verified reference cases', () => {
    expect(decodeText('R\n\tA\n\t\tA1\n    B')).toEqual({
      data: { text: 'R' },
      children: [{ data: { text: 'A' }, children: [{ data: { text: 'A1' } }] }, { data: { text: 'B' } }],
    });
    expect(() => decodeText('R1\nR2')).toThrow('Invalid local format');
    expect(() => decodeText('R\n\t\tX')).toThrow('Invalid local format');
    expect(encodeText({ data: { text: 'R' }, children: [{ data: { text: 'a\nb' } }] })).toBe('R\r\ta\\nb\r');
    expect(decodeText('')).toBeUndefined();
    expect(() => importDocument('txt', '  \n')).toThrow('Invalid local format');
  });

  it('escaping edge cases', () => {
    expect(encodeWrap('a\r\nb')).toBe('a\\r\\nb');
    expect(encodeWrap('end\\')).toBe('end\\\\');
    expect(encodeWrap('x\\n')).toBe('x\\\\n');
    expect(encodeWrap(' x')).toBe('\\ x');
  });

  it('fixes 07: an empty text exports as 分支主题 so the file re-imports', () => {
    const doc = decodeKm(fixture('07-empty-text-node.km'));
    const out = encodeText(doc.root);
    expect(out).toBe(fixture('07-empty-text-node.export.txt').replace('\r\t\r', '\r\t分支主题\r'));
    expect(fixture('07-empty-text-node.export.txt.reimport.expected.txt').trim()).toBe('THROWS Error: Invalid local format');
    expect(importDocument('txt', out).root.children![0].data.text).toBe('分支主题');
  });
});
