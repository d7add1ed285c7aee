import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { editDistance, matchKind, matchRecall, normalizeTitle, parseRecall, type HiddenTopic } from './recall-match';
import { gradeRecall } from './recall-grade';

const topics = (rows: Array<[string, string, string?]>): HiddenTopic[] => rows.map(([id, text, parentId]) => ({ id, text, parentId: parentId ?? 'b' }));

describe('parseRecall', () => {
  it('reads one item a line with tab, space or full-width-space indentation and list markers', () => {
    expect(parseRecall('链表\n\t单链表\n\t双向链表\n\t\u3000\u3000循环\n\n- 树\n1. 图\n2、栈\n（3）队列')).toEqual([
      { text: '链表', level: 0 },
      { text: '单链表', level: 1 },
      { text: '双向链表', level: 1 },
      { text: '循环', level: 2 },
      { text: '树', level: 0 },
      { text: '图', level: 0 },
      { text: '栈', level: 0 },
      { text: '队列', level: 0 },
    ]);
  });

  it('reads levels by relative indentation (two or four spaces alike), as Python does', () => {
    expect(parseRecall('A\n    B\n        C\n    D\nE\n  F').map((l) => l.level)).toEqual([0, 1, 2, 1, 0, 1]);
    expect(parseRecall('A\n  B\n    C\n  D').map((l) => l.level)).toEqual([0, 1, 2, 1]);
  });

  it('a first line typed indented still starts at the top level; CRLF is a line break', () => {
    expect(parseRecall('\tA\r\n\t\tB')).toEqual([
      { text: 'A', level: 0 },
      { text: 'B', level: 1 },
    ]);
  });
});

describe('normalizeTitle and matchKind', () => {
  it('folds full-width forms, case, punctuation and spaces (CJK and Latin)', () => {
    expect(normalizeTitle('Ｔ Ｃ Ｐ，协议！')).toBe('tcp协议');
    expect(normalizeTitle('「深度优先」搜索 (DFS)')).toBe('深度优先搜索dfs');
    expect(normalizeTitle('１２３')).toBe('123');
  });

  it('exact, contained (at least half and 2 characters), typo (a quarter, at most 2, from 4 characters)', () => {
    const k = (a: string, b: string) => matchKind(normalizeTitle(a), normalizeTitle(b));
    expect(k('TCP 协议', 'tcp协议')).toBe('exact');
    expect(k('链表', '双向链表')).toBe('contained');
    expect(k('双向链表的定义', '双向链表')).toBe('contained');
    expect(k('表', '双向链表')).toBeNull();
    expect(k('二叉树', '二叉搜索树的删除')).toBeNull();
    expect(k('binery search', 'binary search')).toBe('typo');
    expect(k('二叉收索树', '二叉搜索树')).toBe('typo');
    // one character off in a 2- or 3-character word is another word
    expect(k('栈区', '堆区')).toBeNull();
    expect(k('快排序', '快速序')).toBeNull();
    expect(k('12', '13')).toBeNull();
    expect(k('', '树')).toBeNull();
  });

  it('editDistance is the Levenshtein distance over code points and stops past its limit', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('😀a', 'a')).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d).toBeLessThanOrEqual(Math.max([...a].length, [...b].length));
        expect(d === 0).toBe(a === b);
      }),
    );
  });
});

describe('matchRecall', () => {
  const branch = topics([
    ['s', '栈'],
    ['s1', '定义', 's'],
    ['s2', '后进先出', 's'],
    ['q', '队列'],
    ['q1', '定义', 'q'],
    ['q2', '先进先出 FIFO', 'q'],
    ['h', '哈希表 Hash Table'],
  ]);

  it('matches reordered items one to one, sends repeated titles to the branch of their parent line', () => {
    const lines = parseRecall('队列\n\t先进先出fifo\n\t定义\n栈\n\t定义\n\t后进先出\n红黑树');
    const r = matchRecall('b', branch, lines);
    expect(r.matches).toEqual([
      { line: 0, topicId: 'q', kind: 'exact' },
      { line: 1, topicId: 'q2', kind: 'exact' },
      { line: 2, topicId: 'q1', kind: 'exact' },
      { line: 3, topicId: 's', kind: 'exact' },
      { line: 4, topicId: 's1', kind: 'exact' },
      { line: 5, topicId: 's2', kind: 'exact' },
    ]);
    expect(r.missed).toEqual(['h']);
    expect(r.extra).toEqual([6]);
  });

  // outside walk: "数据看版" (a typo) with "实践步骤" under it credited 审核规范's 实践步骤
  it('a child line goes to the branch its parent line matched, also when that match was a typo', () => {
    const t = topics([
      ['a', '审核规范'],
      ['a1', '实践步骤', 'a'],
      ['d', '数据看板'],
      ['d1', '实践步骤', 'd'],
    ]);
    const r = matchRecall('b', t, parseRecall('数据看版\n\t实践步骤'));
    expect(r.matches).toEqual([
      { line: 0, topicId: 'd', kind: 'typo' },
      { line: 1, topicId: 'd1', kind: 'exact' },
    ]);
    expect(r.missed).toEqual(['a', 'a1']);
  });

  it('an exact item is not taken by a line that only contains it; typos and full-width forms count', () => {
    const t = topics([
      ['a', '双向链表'],
      ['b', '链表'],
      ['c', 'Binary Search'],
    ]);
    const r = matchRecall('b', t, parseRecall('双向链表结构\n链表\nＢｉｎｅｒｙ　ｓｅａｒｃｈ'));
    expect(r.matches).toEqual([
      { line: 0, topicId: 'a', kind: 'contained' },
      { line: 1, topicId: 'b', kind: 'exact' },
      { line: 2, topicId: 'c', kind: 'typo' },
    ]);
    expect(r.missed).toEqual([]);
    expect(r.extra).toEqual([]);
  });

  it('lines of punctuation only are neither matches nor extras; nothing typed misses everything', () => {
    expect(matchRecall('b', branch, parseRecall('。。。\n——')).extra).toEqual([]);
    expect(matchRecall('b', branch, []).missed).toEqual(branch.map((t) => t.id));
  });

  it('property: every topic and every non-blank line is accounted for exactly once', () => {
    const title = fc.string({ unit: fc.constantFrom('链', '表', '树', 'a', 'B', '１', ' ', '，', '栈'), maxLength: 6 });
    fc.assert(
      fc.property(fc.array(title, { maxLength: 12 }), fc.array(fc.tuple(title, fc.nat(3)), { maxLength: 12 }), (texts, typed) => {
        const t = texts.map((text, i) => ({ id: `t${i}`, text, parentId: 'b' }));
        const lines = typed.map(([text, level]) => ({ text, level }));
        const r = matchRecall('b', t, lines);
        const matchedTopics = r.matches.map((m) => m.topicId);
        expect(new Set(matchedTopics).size).toBe(matchedTopics.length);
        expect([...matchedTopics, ...r.missed].sort()).toEqual(t.map((x) => x.id).sort());
        const matchedLines = new Set(r.matches.map((m) => m.line));
        for (const i of r.extra) expect(matchedLines.has(i)).toBe(false);
        // Typing every title exactly recalls every topic with a non-empty title.
        const all = matchRecall(
          'b',
          t,
          t.map((x) => ({ text: x.text, level: 0 })),
        );
        expect(all.missed.every((id) => normalizeTitle(t.find((x) => x.id === id)!.text) === '')).toBe(true);
      }),
    );
  });
});

describe('gradeRecall', () => {
  const ids = ['a', 'b', 'c', 'd'];
  const result = {
    matches: [
      { line: 0, topicId: 'a', kind: 'exact' as const },
      { line: 1, topicId: 'b', kind: 'typo' as const },
      { line: 2, topicId: 'c', kind: 'exact' as const },
    ],
    missed: ['d'],
    extra: [],
  };

  it('missed 重来, helped 困难, recalled 良好', () => {
    expect(gradeRecall(ids, result, { seconds: 600, hinted: new Set(['c']) }).map((g) => g.rating)).toEqual([3, 2, 2, 1]);
  });

  it('recalled quickly (no hint, ≤ 6 s a topic recalled) 简单; one hint anywhere keeps the pace bonus off', () => {
    expect(gradeRecall(ids, result, { seconds: 18, hinted: new Set() }).map((g) => g.rating)).toEqual([4, 2, 4, 1]);
    expect(gradeRecall(ids, result, { seconds: 18, hinted: new Set(['d']) }).map((g) => g.rating)).toEqual([3, 2, 3, 1]);
  });

  it('the pace is per topic recalled: leaving lines out does not make 简单 easier (outside walk)', () => {
    // 20 s for 3 recalled of 4 hidden: within 6 s a hidden topic (24 s), not a recalled one (18 s)
    expect(gradeRecall(ids, result, { seconds: 20, hinted: new Set() }).map((g) => g.rating)).toEqual([3, 2, 3, 1]);
    expect(gradeRecall(['a'], { matches: [], missed: ['a'], extra: [] }, { seconds: 1, hinted: new Set() })[0].rating).toBe(1);
  });
});
