import type { CommandDef } from './command';
import { checkControls, relationOf } from './relationship';
import type { MindDoc } from '../model/doc';
import type { Relationship } from '../model/items';
import type { Offset } from '../model/types';

/**
 * The curve's two control points, as offsets from the centres of the `from` and `to` nodes
 * (model/items.ts); null goes back to the automatic curve. One drag = one call = one undo step.
 */
export const setRelationshipControls = {
  name: 'setRelationshipControls',
  edits: true,
  run(doc: MindDoc, id: string, controls: [Offset, Offset] | null): void {
    const r = relationOf(doc, id);
    const next: Relationship = { ...r };
    if (controls === null) delete next.controls;
    else next.controls = checkControls(controls);
    if (JSON.stringify(next.controls) === JSON.stringify(r.controls)) return;
    doc.setItem('relationships', id, next);
  },
} satisfies CommandDef;
