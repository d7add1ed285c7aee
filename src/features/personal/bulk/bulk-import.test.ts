import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { runBulkImport, summaryOf, type BulkDeps, type PickedFile } from './bulk-run';
import {
  BROKEN_ZIP,
  decodeFile,
  expandZip,
  MAX_BATCH_FILES,
  MAX_FILE_BYTES,
  startImportDecoder,
  TOO_BIG,
  TOO_MANY,
  UNKNOWN_TYPE,
  type KmDocument,
} from '../../../mindmap';

// 批量导入 (issue 33.2): every file reported (imported with what it could not keep, or refused with
// the reason in Chinese); a refused file creates no map; a workbook is imported whole or not at all.

/** An XMind 2020 workbook of three sheets, the first with a floating topic (written after XMind's content.json). */
const topic = (id: string, title: string, attached: object[] = [], detached: object[] = []) => ({ id, title, children: { attached, detached } });
const workbook = () =>
  zipSync({
    'content.json': strToU8(
      JSON.stringify([
        { id: 's1', title: '第一章 绪论', rootTopic: topic('r1', '绪论', [topic('a', '研究背景')], [topic('f', '自由主题', [topic('g', '想法')])]) },
        { id: 's2', title: '第二章 文献综述', rootTopic: topic('r2', '文献综述', [topic('b', '国内')]) },
        { id: 's3', rootTopic: topic('r3', '') },
      ]),
    ),
  });
const km = (title: string) => strToU8(JSON.stringify({ root: { data: { text: title }, children: [{ data: { text: '子主题' } }] } }));
const picked = (name: string, bytes: Uint8Array, size = bytes.length): PickedFile => ({ name, size, read: async () => bytes });

/** A server stand-in for the rules' sake: refuses past `room` maps, as the route does (its own test covers the route). */
function deps(room = Infinity, sheets: number[] = [0, 1, 2]) {
  const stored = new Map<string, KmDocument>();
  const seen: number[][] = [];
  let next = 0;
  const d: BulkDeps = {
    decoder: startImportDecoder(),
    upload: async (doc) => {
      if (stored.size >= room) throw new Error('我的导图最多 300 张');
      const id = `m${next++}`;
      stored.set(id, doc);
      return id;
    },
    remove: async (id) => void stored.delete(id),
    chooseSheets: async (_name, maps) => (seen.push(maps.map((m) => m.topics)), sheets),
    progress: (done, total) => seen.push([done, total]),
  };
  return { d, stored, seen };
}

describe('bulk import: reading files', () => {
  it('decodes each format; refuses an unknown type, a broken file and a too large one with the reason', () => {
    const ok = decodeFile('笔记.km', km('笔记'));
    expect(ok).toMatchObject({ ok: true, sheets: false, maps: [{ title: '笔记', topics: 2, notices: [] }] });
    expect(decodeFile('a.docx', new Uint8Array(4))).toEqual({ ok: false, reason: UNKNOWN_TYPE });
    const broken = decodeFile('坏.km', strToU8('{"root": {'));
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.reason).toMatch(/[\u4e00-\u9fff]/);
    expect(decodeFile('大.txt', new Uint8Array(MAX_FILE_BYTES + 1))).toEqual({ ok: false, reason: TOO_BIG });
    // a forest of outline lines goes under a root named after the file, and says so
    const forest = decodeFile('提纲.txt', strToU8('一\n二\n'));
    expect(forest).toMatchObject({ ok: true, maps: [{ title: '提纲' }] });
    expect(forest.ok && forest.maps[0].notices[0]).toContain('顶层主题');
  });

  it('an XMind workbook gives every sheet by its name, with the floating-topics notice', () => {
    const r = decodeFile('论文.xmind', workbook());
    expect(r.ok && r.sheets).toBe(true);
    if (!r.ok) return;
    expect(r.maps.map((m) => m.sheet)).toEqual(['第一章 绪论', '第二章 文献综述', '画布 3']);
    expect(r.maps[0].notices.join()).toContain('自由主题');
  });

  it('opens a zip, leaving out folders and macOS files; a broken zip is refused', () => {
    const zip = zipSync({ 'a.km': km('甲'), 'sub/b.md': strToU8('# 乙\n'), '__MACOSX/._a.km': new Uint8Array(3), '.DS_Store': new Uint8Array(2) });
    const r = expandZip(zip);
    expect(r.ok && r.entries.map((e) => e.name)).toEqual(['a.km', 'sub/b.md']);
    expect(expandZip(strToU8('PK not really'))).toEqual({ ok: false, reason: BROKEN_ZIP });
  });
});

describe('bulk import: the batch', () => {
  it('reports every file of a mixed zip in order, one broken file refused and no map made of it', async () => {
    const zip = zipSync({
      '1.km': km('第一'),
      '2.md': strToU8('---\ntitle: 笔记\n---\n# 第二\n## **重点**\n'),
      '3.opml': strToU8('<opml version="2.0"><body><outline text="第三" xmlUrl="https://e.com/feed" created="2020"/></body></opml>'),
      '4.km': strToU8('{"root": '),
      '5.pdf': new Uint8Array(8),
    });
    const { d, stored, seen } = deps();
    const reports = await runBulkImport([picked('资料.zip', zip)], d);
    expect(reports.map((r) => [r.name, r.status])).toEqual([
      ['资料.zip/1.km', 'imported'],
      ['资料.zip/2.md', 'imported'],
      ['资料.zip/3.opml', 'imported'],
      ['资料.zip/4.km', 'refused'],
      ['资料.zip/5.pdf', 'refused'],
    ]);
    expect(stored.size).toBe(3);
    expect(reports[2].maps[0].notices.join()).toContain('created');
    expect(reports[4].reason).toBe(UNKNOWN_TYPE);
    expect(seen.at(-1)).toEqual([5, 5]);
    expect(summaryOf(reports)).toBe('导入完成：3 个文件已导入（3 张导图），2 个未导入，2 个有未能保留或已调整的内容');
  });

  it('a workbook: the chosen sheets each a map; none chosen skips it; past the limit it is taken back whole', async () => {
    const one = deps(Infinity, [0, 2]);
    const [r] = await runBulkImport([picked('论文.xmind', workbook())], one.d);
    expect(r.maps.map((m) => m.title)).toEqual(['绪论', '未命名导图']);
    expect(one.stored.size).toBe(2);

    const none = deps(Infinity, []);
    expect((await runBulkImport([picked('论文.xmind', workbook())], none.d))[0]).toMatchObject({ status: 'skipped', maps: [] });
    expect(none.stored.size).toBe(0);

    const tight = deps(1);
    const [refused] = await runBulkImport([picked('论文.xmind', workbook())], tight.d);
    expect(refused.status).toBe('refused');
    expect(refused.reason).toContain('最多 300 张');
    expect(tight.stored.size).toBe(0);
  });

  it('files past the batch limit and too large are refused without being read', async () => {
    const files = Array.from({ length: MAX_BATCH_FILES + 2 }, (_, i) => picked(`${i}.km`, km(`图${i}`)));
    files[0] = { name: '巨大.km', size: MAX_FILE_BYTES + 1, read: () => Promise.reject(new Error('read')) };
    const { d, stored } = deps();
    const reports = await runBulkImport(files, d);
    expect(reports[0]).toMatchObject({ status: 'refused', reason: TOO_BIG });
    expect(reports.slice(-2).map((r) => r.reason)).toEqual([TOO_MANY, TOO_MANY]);
    expect(stored.size).toBe(MAX_BATCH_FILES - 1);
  });
});
