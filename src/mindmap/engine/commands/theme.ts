import type { CommandDef } from './command';
import { themeExists } from '../theme/themes';
import type { MindDoc } from '../model/doc';

export const theme = {
  name: 'theme',
  edits: true,
  run(doc: MindDoc, name: string): void {
    if (!themeExists(name)) throw new Error(`Theme ${name} not exists!（主题“${name}”不存在）`);
    doc.setMeta('theme', name);
  },
} satisfies CommandDef;
