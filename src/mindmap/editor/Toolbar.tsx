import { DropdownMenu } from 'radix-ui';
import { useRef, useSyncExternalStore, type ReactNode, type SyntheticEvent } from 'react';
import { PICKER_THEMES } from '../engine/theme/themes';
import { ACTIONS, isEnabled, shortcutLabel, type ActionContext } from './actions';
import { EXPORTS, type ExportKind } from './io';
import { ExpandPicker, StyleControls } from './StyleControls';

// The editor toolbar: the registry's toolbar actions, style controls, zoom (25–200 % in steps
// of 25), hand mode, priority / theme / template / expand pickers and the import-export menu.
// Focus: after a pointer action here the focus goes back to the map (keys keep working);
// keyboard use stays in the toolbar; Esc returns to the map, F6 goes on to the outline tree.

const THEME_LABEL: Record<string, string> = { 'fresh-blue': '清新蓝', wire: '线框', classic: '经典', 'classic-compact': '紧凑经典' };
const TEMPLATES: Array<[string, string]> = [
  ['default', '思维导图'],
  ['right', '向右导图'],
  ['structure', '组织结构图'],
  ['filetree', '目录组织图'],
  ['fish-bone', '鱼骨图'],
  ['tianpan', '天盘图'],
];

interface Props {
  ctx: ActionContext;
  onImportFile(): void;
  onImportPaste(): void;
  onExport(kind: ExportKind): void;
  children?: ReactNode;
}

export function Toolbar({ ctx, onImportFile, onImportPaste, onExport, children }: Props) {
  const { ctl } = ctx;
  const state = useSyncExternalStore(ctl.subscribe, ctl.getState);
  useSyncExternalStore(ctl.model.subscribe, ctl.model.getVersion);
  useSyncExternalStore(ctl.relations.subscribe, ctl.relations.getState); // 删除 for a selected line
  const ro = state.readOnly;
  const hasSel = state.selection.length > 0;
  const st = ctl.doc.styleOf(ctl.primary);
  const pressed: Record<string, boolean | undefined> = { bold: hasSel ? !!st?.bold : undefined, italic: hasSel ? !!st?.italic : undefined };
  // Was the last interaction a pointer? Then a finished action hands the focus back to the map.
  const pointer = useRef(false);
  const done = (e: SyntheticEvent) => {
    const t = e.target as HTMLElement;
    // The import/export trigger opens its menu (its items return the focus when it closes); a
    // colour input changes while its picker is open (it returns the focus when committed).
    if (pointer.current && !t.closest('[aria-haspopup]') && (t as HTMLInputElement).type !== 'color') ctx.ui.focusMap();
  };
  return (
    <div
      className="mind-toolbar"
      role="toolbar"
      aria-label="导图工具栏"
      onPointerDown={() => (pointer.current = true)}
      onKeyDown={(e) => {
        pointer.current = false;
        if (e.defaultPrevented || (e.target as Element).closest('[role=menu]')) return;
        if (e.key === 'F6') {
          e.preventDefault();
          ctx.ui.cycleRegion(e.shiftKey);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          ctx.ui.focusMap();
        }
      }}
      onClick={(e) => (e.target as HTMLElement).closest('button') && done(e)}
      onChange={done}
    >
      {ACTIONS.filter((a) => a.in.includes('toolbar') && !(ro && a.edits)).map((a) => (
        <button
          key={a.name}
          type="button"
          className="mind-toolbar__btn"
          disabled={!isEnabled(a, ctx)}
          aria-pressed={pressed[a.name]}
          title={a.shortcut ? `${a.label}（${shortcutLabel(a.shortcut)}）` : a.label}
          aria-keyshortcuts={a.shortcut?.replace('Mod', 'Control')}
          onClick={() => void a.perform(ctx)}
        >
          {a.label}
        </button>
      ))}
      {/* A read-only map (知识点详情) gets a reader's toolbar: view, find, 备注, export — no greyed-out editor. */}
      {ro && <ExpandPicker ctx={ctx} />}
      {!ro && (
        <>
          <StyleControls ctx={ctx} />
          <label className="mind-toolbar__field">
            优先级
            <select disabled={!hasSel} value="" onChange={(e) => void ctl.run('priority', [state.selection, Number(e.target.value) || null])}>
              <option value="">选择</option>
              {[1, 2, 3, 4, 5, 6, 7, 8, 9].map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
              <option value="0">移除</option>
            </select>
          </label>
          <label className="mind-toolbar__field">
            主题
            <select value={ctl.model.theme} onChange={(e) => void ctl.run('theme', [e.target.value])}>
              {PICKER_THEMES.map((t) => (
                <option key={t} value={t}>
                  {THEME_LABEL[t] ?? t}
                </option>
              ))}
            </select>
          </label>
          <label className="mind-toolbar__field">
            结构
            <select value={ctl.model.template} onChange={(e) => void ctl.run('template', [e.target.value])}>
              {TEMPLATES.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      <span className="mind-toolbar__group" role="group" aria-label="缩放">
        <button type="button" className="mind-toolbar__btn" aria-label="缩小" disabled={state.zoom <= 0.25} onClick={() => ctx.ui.zoom(-1)}>
          －
        </button>
        <output className="mind-toolbar__zoom" aria-live="polite" aria-label="缩放比例">
          {Math.round(state.zoom * 100)}%
        </output>
        <button type="button" className="mind-toolbar__btn" aria-label="放大" disabled={state.zoom >= 2} onClick={() => ctx.ui.zoom(1)}>
          ＋
        </button>
      </span>
      <button
        type="button"
        className="mind-toolbar__btn"
        aria-pressed={state.view === 'hand'}
        onClick={() => ctl.tools.use(state.view === 'hand' ? 'select' : 'hand')}
      >
        拖动画布
      </button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="mind-toolbar__btn">{ro ? '导出' : '导入 / 导出'}</DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className="mind-menu"
            align="end"
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              ctx.ui.focusMap();
            }}
          >
            {!ro && (
              <>
                <DropdownMenu.Item className="mind-menu__item" onSelect={onImportFile}>
                  从文件导入（.km / .md / .txt / .xmind / .mm / .opml）
                </DropdownMenu.Item>
                <DropdownMenu.Item className="mind-menu__item" onSelect={onImportPaste}>
                  粘贴大纲文本导入
                </DropdownMenu.Item>
                <DropdownMenu.Separator className="mind-menu__sep" />
              </>
            )}
            {EXPORTS.map((x) => (
              <DropdownMenu.Item key={x.format} className="mind-menu__item" onSelect={() => onExport(x.format)}>
                导出 {x.label}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {children}
    </div>
  );
}
