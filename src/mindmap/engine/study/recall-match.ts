// 回忆练习: a student rebuilds a hidden branch from memory, one item a line (indented as in the
// 大纲 for sub-levels); this matches the typed items to the hidden topics. Pure and
// deterministic: the editor, the CLI and tests call the same function.
//
// Matching rules (stated in the engine README):
// - Both sides are normalised: NFKC (full-width letters, digits and punctuation fold to their
//   half-width forms, compatibility ideographs to the unified ones), lower case, and every
//   punctuation mark, space and list marker dropped. "Ｔ Ｃ Ｐ，协议" matches "tcp协议".
// - exact: the normalised texts are equal;
// - contained: one contains the other and the shorter holds at least half of the longer
//   (and 2 characters): "链表" for "双向链表" counts, "表" does not;
// - typo: edit distance (code points) within a quarter of the topic's length, at most 2, and
//   only for topics of 4 or more characters (one wrong character of a 2-character CJK word is
//   another word).
// - Each typed item matches at most one topic and each topic at most one item. Lines are matched
//   level by level (parents first); within a level better kinds go first (all exact pairs, then
//   contained, then typo); among equal candidates the topic whose
//   parent is matched to the item's parent line wins (so "定义" under two branches goes to the
//   right one), then the first in reading order. Order of the lines does not matter otherwise.

export type MatchKind = 'exact' | 'contained' | 'typo';

export interface HiddenTopic {
  id: string;
  text: string;
  /** the id of the topic's parent (the branch's root for its first level) */
  parentId: string;
}

export interface RecallLine {
  text: string;
  /** 0 for the first level under the branch, 1 below that, … */
  level: number;
}

export interface RecallMatch {
  line: number;
  topicId: string;
  kind: MatchKind;
}

export interface RecallResult {
  matches: RecallMatch[];
  /** hidden topics no line matched, in reading order */
  missed: string[];
  /** lines that matched no topic (blank lines are not counted) */
  extra: number[];
}

const LIST_MARKER = /^(?:[-*+•·◦▪]\s*|\d{1,3}[.、)）]\s*|[（(]\d{1,3}[)）]\s*)/u;

/**
 * The typed answer as lines with levels. Indentation is read as Python reads it: a line indented
 * deeper than the one before goes one level down, whatever the amount (a tab, two or four spaces,
 * full-width spaces from an IME); a line back at an earlier indentation is at that line's level.
 */
export function parseRecall(text: string): RecallLine[] {
  const out: RecallLine[] = [];
  const widths: number[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const indent = /^[\t \u3000]*/u.exec(raw)![0];
    const body = raw.slice(indent.length).replace(LIST_MARKER, '').trim();
    if (!body) continue;
    let width = 0;
    for (const ch of indent) width += ch === ' ' ? 1 : ch === '\t' ? 4 : 2;
    while (widths.length && widths[widths.length - 1] > width) widths.pop();
    if (!widths.length || widths[widths.length - 1] < width) widths.push(width);
    out.push({ text: body, level: widths.length - 1 });
  }
  return out;
}

/** For each line, the line it hangs under by its level (-1: the first level). */
export function parentLines(lines: readonly RecallLine[]): number[] {
  const parents: number[] = [];
  const stack: number[] = [];
  lines.forEach((l, i) => {
    while (stack.length && lines[stack[stack.length - 1]].level >= l.level) stack.pop();
    parents.push(stack.length ? stack[stack.length - 1] : -1);
    stack.push(i);
  });
  return parents;
}

/** The comparable form of a title: NFKC, lower case, no punctuation and no spaces. */
export function normalizeTitle(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{Z}\s]+/gu, '');
}

/** Levenshtein distance over code points, giving up (returning limit + 1) past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prev = cur;
  }
  return prev[y.length];
}

const length = (s: string) => [...s].length;

/** The kind of match between a typed item and a topic (both normalised), or null. */
export function matchKind(item: string, topic: string): MatchKind | null {
  if (!item || !topic) return null;
  if (item === topic) return 'exact';
  const [shorter, longer] = length(item) <= length(topic) ? [item, topic] : [topic, item];
  const ls = length(shorter);
  if (ls >= 2 && ls * 2 >= length(longer) && longer.includes(shorter)) return 'contained';
  const lt = length(topic);
  if (lt >= 4) {
    const allowed = Math.min(2, Math.floor(lt / 4));
    if (editDistance(item, topic, allowed) <= allowed) return 'typo';
  }
  return null;
}

const KINDS: MatchKind[] = ['exact', 'contained', 'typo'];

/**
 * Matches typed lines to hidden topics (given in reading order). `branchId` is the id of the
 * branch whose sub-topics were hidden: the parent of the first level.
 */
export function matchRecall(branchId: string, topics: readonly HiddenTopic[], lines: readonly RecallLine[]): RecallResult {
  const topicNorm = topics.map((t) => normalizeTitle(t.text));
  const lineNorm = lines.map((l) => normalizeTitle(l.text));
  const parentLine = parentLines(lines);
  const kinds = lines.map((_, i) => topics.map((_, j) => matchKind(lineNorm[i], topicNorm[j])));

  const topicOfLine = new Map<number, number>();
  const lineOfTopic = new Map<number, number>();
  const matches: RecallMatch[] = [];
  // Lines are matched a level at a time, parents first: a child's line then knows which topic its
  // parent line matched, also when that was only a typo ("数据看版" with "实践步骤" under it credits
  // 数据看板's 实践步骤, not the first 实践步骤 of the branch).
  const depth: number[] = [];
  parentLine.forEach((p, i) => (depth[i] = p < 0 ? 0 : depth[p] + 1));
  const byDepth: number[][] = [];
  depth.forEach((d, i) => (byDepth[d] ??= []).push(i));
  for (const level of byDepth)
    for (const kind of KINDS) {
      for (const i of level ?? []) {
        if (topicOfLine.has(i)) continue;
        const p = parentLine[i];
        const expectedParent = p < 0 ? branchId : topicOfLine.has(p) ? topics[topicOfLine.get(p)!].id : undefined;
        let pick = -1;
        for (let j = 0; j < topics.length; j++) {
          if (lineOfTopic.has(j) || kinds[i][j] !== kind) continue;
          if (pick < 0) pick = j;
          if (expectedParent !== undefined && topics[j].parentId === expectedParent) {
            pick = j;
            break;
          }
        }
        if (pick < 0) continue;
        topicOfLine.set(i, pick);
        lineOfTopic.set(pick, i);
        matches.push({ line: i, topicId: topics[pick].id, kind });
      }
    }
  matches.sort((a, b) => a.line - b.line);
  return {
    matches,
    missed: topics.filter((_, j) => !lineOfTopic.has(j)).map((t) => t.id),
    extra: lines.map((_, i) => i).filter((i) => !topicOfLine.has(i) && lineNorm[i] !== ''),
  };
}
