import type { Relationship, Summary } from '../engine/model/items';

interface Items {
  summaries: readonly Summary[];
  relationships: readonly Relationship[];
}

// Items that went with the topics a command removed (the engine drops them in the same undo
// step: engine/model/item-follow.ts) are said in the live region, or they would vanish with no
// word. Commands that remove an item on purpose say so themselves (announce.ts).

const OWN_ITEM_COMMANDS = new Set(['removeSummary', 'removeRelationship']);

/**
 * 概要「三步」随主题一起删除, 关联线 2 条随之删除 — for what `before` had and `after` has not.
 * A cut takes them along on the clipboard (engine/commands/clipboard.ts): said as such.
 */
export function itemsGone(name: string, before: Items, after: Items): string[] {
  if (OWN_ITEM_COMMANDS.has(name)) return [];
  const cut = name === 'cut';
  const out: string[] = [];
  if (before.summaries.length) {
    const kept = new Set(after.summaries.map((s) => s.id));
    for (const s of before.summaries) if (!kept.has(s.id)) out.push(`概要「${s.text || '概要'}」${cut ? '随主题剪切' : '随主题一起删除'}`);
  }
  if (before.relationships.length) {
    const kept = new Set(after.relationships.map((r) => r.id));
    const n = before.relationships.filter((r) => !kept.has(r.id)).length;
    if (n) out.push(cut ? `关联线 ${n} 条随主题剪切，粘贴后恢复` : `关联线 ${n} 条随之删除`);
  }
  return out;
}
