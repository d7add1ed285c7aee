import type { CommandDef } from './command';
import { isKnownTemplate } from '../layout/layout-names';
import type { MindDoc } from '../model/doc';

export const template = {
  name: 'template',
  edits: true,
  run(doc: MindDoc, name: string): void {
    if (!isKnownTemplate(name)) throw new Error(`Missing Layout: ${name}（结构“${name}”不存在）`);
    doc.setMeta('template', name);
  },
} satisfies CommandDef;
