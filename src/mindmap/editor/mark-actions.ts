import { define, firstData, one, primary, sel } from './action-kit';
import type { Action } from './actions';
import { firstRefusal } from './editor-events';

// The registry's look and study marks of topics: bold, italic, link, note, image, 已学 and
// 正在学 (toolbar and node menu), and the keyboard-only priorities Ctrl+0…9, which the registry
// lists later (actions.ts keeps the order it always had).

export function markActions(): Action[] {
  return [
    define({ name: 'bold', label: '加粗', shortcut: 'Mod+B', in: ['toolbar'], command: 'bold', enabled: one, perform: (c) => c.ctl.run('bold', [sel(c)]) }),
    define({
      name: 'italic',
      label: '斜体',
      shortcut: 'Mod+I',
      in: ['toolbar'],
      command: 'italic',
      enabled: one,
      perform: (c) => c.ctl.run('italic', [sel(c)]),
    }),
    define({ name: 'hyperlink', label: '链接', in: ['toolbar', 'menu'], command: 'hyperlink', enabled: one, perform: (c) => c.ui.openDialog('hyperlink') }),
    // Read-only maps: the note still opens, to be read (the dialog is then read-only).
    define({
      name: 'note',
      label: '备注',
      in: ['toolbar', 'menu'],
      edits: false,
      enabled: (c) => one(c) && (!c.ctl.state.readOnly || !!firstData(c)?.hasNote),
      perform: (c) => c.ui.openDialog('note'),
    }),
    define({ name: 'image', label: '图片', in: ['toolbar', 'menu'], command: 'image', enabled: one, perform: (c) => c.ui.openDialog('image') }),
    define({
      name: 'setStudy',
      label: '标记已学',
      in: ['menu'],
      command: 'setStudy',
      enabled: one,
      // The page is asked first (marking may be refused: its reason is shown, no ✓ is set).
      perform: async (c) => {
        const ids = [...sel(c)];
        const on = !firstData(c)?.isStudy;
        const refused = await firstRefusal(c.ctl.events.emit('markingLearnt', ids, on));
        if (refused) return c.ctl.reportError(refused);
        return c.ctl.run('setStudy', [ids, on]);
      },
    }),
    define({
      name: 'setNow',
      label: '标记正在学',
      in: ['menu'],
      command: 'setNow',
      enabled: one,
      // The page is asked first, for the topic that gets the mark or each that loses it
      // (a refusal is shown, nothing changes); a learnt topic is left to the command's refusal.
      perform: async (c) => {
        const ids = [...sel(c)];
        const on = !firstData(c)?.isNow;
        const asked = on ? ids.slice(0, 1).filter((id) => !c.ctl.model.get(id)?.isStudy) : ids.filter((id) => c.ctl.model.get(id)?.isNow);
        for (const id of asked) {
          const refused = await firstRefusal(c.ctl.events.emit('markingNow', id, on));
          if (refused) return c.ctl.reportError(refused);
        }
        return c.ctl.run('setNow', [ids, on]);
      },
    }),
    // Rebuild the branch below a topic from memory: a study action, not an edit (the page grades it).
    define({
      name: 'recall',
      label: '回忆练习',
      shortcut: 'Alt+R',
      in: ['menu'],
      edits: false,
      enabled: (c) => one(c) && !!c.ui.startRecall,
      // A topic with nothing below it says why, rather than a key that does nothing.
      perform: (c) =>
        (firstData(c)?.childCount ?? 0) > 0
          ? c.ui.startRecall?.(primary(c))
          : c.ctl.reportError(`「${firstData(c)?.text || '分支主题'}」没有下级主题，先添加下级主题再做回忆练习`),
    }),
  ];
}

/** Ctrl+1…9 set a topic's priority badge, Ctrl+0 takes it off. */
export function priorityActions(): Action[] {
  const out: Action[] = [];
  for (let p = 0; p <= 9; p++) {
    out.push(
      define({
        name: `priority${p}`,
        label: p ? `优先级 ${p}` : '移除优先级',
        shortcut: p ? `Mod+${p}` : 'Mod+0',
        in: [],
        command: 'priority',
        enabled: one,
        perform: (c) => c.ctl.run('priority', [sel(c), p || null]),
      }),
    );
  }
  return out;
}
