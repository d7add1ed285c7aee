import type { CommandDef } from './command';
import { asIds } from './helpers';
import type { MindDoc } from '../model/doc';

/** Priority 1–9; 0 or null clears it (stored as null, like kityminder). */
export const priority = {
  name: 'priority',
  edits: true,
  run(doc: MindDoc, ids: string | string[], value: number | null): void {
    const v = value === null ? 0 : Number(value);
    if (!Number.isInteger(v) || v < 0 || v > 9) throw new Error('优先级只能是 0 到 9（0 表示清除）');
    for (const id of asIds(ids)) doc.set(id, 'priority', v === 0 ? null : v);
  },
} satisfies CommandDef;
