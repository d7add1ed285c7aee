import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

// Fixtures are copied into ./fixtures so tests never depend on /work/shared.
const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
import { decodeKm, encodeKm } from './km';
import { importDocument, exportDocument } from './formats';
import { stripIds } from '../testing/strip-ids';

describe('.km protocol', () => {
  it('round-trips 01 byte for byte (keys, nulls, unknown key kept; version rewritten)', () => {
    const doc = decodeKm(fixture('01-data-structures.km'));
    expect(encodeKm(doc)).toBe(fixture('01-data-structures.roundtrip.km'));
  });

  it('upgrades the legacy 1.1.3 document (04)', () => {
    const doc = decodeKm(fixture('04-legacy-v1.1.3.km'));
    expect(stripIds(encodeKm(doc))).toBe(fixture('04-legacy-v1.1.3.upgraded.km'));
  });

  it('gives fresh ids to duplicated and missing ids, keeping key order', () => {
    const src =
      '{"root":{"data":{"id":"a","text":"R"},"children":[{"data":{"id":"a","text":"X","k":1},"children":[]},{"data":{"text":"Y"}}]},"template":"right","theme":"wire","version":"1.4.43"}';
    const doc = decodeKm(src);
    const ids = [doc.root.data.id, doc.root.children![0].data.id, doc.root.children![1].data.id];
    expect(new Set(ids).size).toBe(3);
    expect(Object.keys(doc.root.children![0].data)).toEqual(['id', 'text', 'k']);
    expect(doc.template).toBe('right');
  });

  it('drops invalid children and defaults template/theme', () => {
    const doc = decodeKm('{"root":{"data":{"id":"r","text":"R"},"children":[1,null,{"nodata":true},{"data":{"id":"c"}}]}}');
    expect(doc.root.children).toHaveLength(1);
    expect(doc.template).toBe('default');
    expect(doc.theme).toBe('fresh-blue');
  });

  it('rejects unknown themes, unknown layouts and broken JSON with the engine messages', () => {
    expect(() => decodeKm('{"root":{"data":{"id":"r"}},"theme":"nope"}')).toThrow('Theme nope not exists!');
    expect(() => decodeKm('{"root":{"data":{"id":"r","layout":"zig"}}}')).toThrow('Missing Layout');
    expect(() => decodeKm('{"root":')).toThrow('无法导入 .km 文件：第 1 行第 9 列：文件在这里意外结束');
    expect(() => decodeKm('[]')).toThrow('文件内容不是导图');
  });

  it('refuses an object with neither a root nor a bare root node (it used to import as one empty root)', () => {
    expect(() => decodeKm('{"template":"default"}')).toThrow('无法导入：文件内容不是导图（.km 文件应是一个含根节点的 JSON 对象）');
    expect(() => decodeKm('{}')).toThrow('文件内容不是导图');
    expect(() => decodeKm('{"root":null,"theme":"snow"}')).toThrow('文件内容不是导图');
    // a kityminder 1.1.x file is the root node itself: still read
    expect(decodeKm('{"data":{"text":"旧"},"children":[]}').root.data.text).toBe('旧');
  });

  it('reads a null or numeric text as kityminder shows it (blank, the number)', () => {
    const doc = decodeKm('{"root":{"data":{"text":null},"children":[{"data":{"text":12}}]}}');
    expect(doc.root.data.text).toBe('');
    expect(doc.root.children![0].data.text).toBe('12');
  });

  it('loads every kityminder theme name', () => {
    for (const t of ['snow', 'fish', 'tianpan-compact', 'fresh-pink-compat', 'classic-compact', 'wire']) {
      expect(decodeKm(`{"root":{"data":{"id":"r"}},"theme":"${t}"}`).theme).toBe(t);
    }
  });

  it('exports via the format switch identically', () => {
    const doc = importDocument('km', fixture('06-note-heading-collapse.km'));
    expect(stripIds(exportDocument('km', doc))).toBe(fixture('06-note-heading-collapse.km').trimEnd());
  });
});
