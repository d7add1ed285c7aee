import { useEffect, useRef, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { isMobile } from '../host';
import type { Camera } from '../canvas/camera';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { Rect } from '../canvas/scene-types';
import { actionByName, isEnabled, type ActionContext } from './actions';
import type { EditorController } from './controller';
import { MultiSelectButton } from './multi-select-ui';

// The editor on a phone (SPEC §9 mobile detection: a mobile user agent or a screen up to 768 px):
// the canvas fills the screen, a compact action bar sits at the bottom within thumb reach, and
// the outline tree and everything else of the toolbar open as bottom sheets. Every control is at
// least 44 px (CSS, .mind-editor.is-phone).

const subscribe = (fn: () => void) => {
  window.addEventListener('resize', fn);
  return () => window.removeEventListener('resize', fn);
};

/** True on a phone-sized or mobile screen; follows resizes and rotation. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, () => isMobile());
}

export type PhoneSheet = 'outline' | 'more' | null;

/** Action bar buttons: the registry's action, its short label on the button, its full label for screen readers. */
const BAR: Array<[string, string]> = [
  ['appendChild', '下级'],
  ['appendSibling', '同级'],
  ['editText', '编辑'],
  ['removeNode', '删除'],
  ['undo', '撤销'],
  ['redo', '重做'],
];

interface BarProps {
  ctx: ActionContext;
  sheet: PhoneSheet;
  onSheet(sheet: PhoneSheet): void;
}

export function PhoneActionBar({ ctx, sheet, onSheet }: BarProps) {
  const { ctl } = ctx;
  useSyncExternalStore(ctl.subscribe, ctl.getState);
  const toggle = (s: Exclude<PhoneSheet, null>) => onSheet(sheet === s ? null : s);
  // Nothing selected (a tap on empty canvas, the map moved on from under a finger): the topic
  // buttons are greyed out, and this says why rather than leaving them dead.
  const noTopic = !ctl.state.readOnly && !ctl.state.selection.length;
  return (
    <div className="mind-phonebar" role="toolbar" aria-label="导图操作">
      {noTopic && <p className="mind-phonebar__hint">先点选一个主题，再添加、编辑或删除</p>}
      {!ctl.state.readOnly &&
        BAR.map(([name, short]) => {
          const a = actionByName(name);
          return (
            <button
              key={name}
              type="button"
              className="mind-phonebar__btn"
              aria-label={a.label}
              disabled={!isEnabled(a, ctx)}
              onClick={() => void a.perform(ctx)}
            >
              {short}
            </button>
          );
        })}
      <button
        type="button"
        className="mind-phonebar__btn"
        aria-label="大纲"
        aria-expanded={sheet === 'outline'}
        aria-controls="mind-outline-sheet"
        onClick={() => toggle('outline')}
      >
        大纲
      </button>
      <button type="button" className="mind-phonebar__btn" aria-label="更多" aria-expanded={sheet === 'more'} onClick={() => toggle('more')}>
        更多
      </button>
    </div>
  );
}

interface SheetProps {
  title: string;
  id?: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
  /** Taller than the outline's (60 %): what it holds is meant to be seen whole, not scrolled to. */
  tall?: boolean;
}

/**
 * A bottom sheet over the lower part of the map: a title bar with 关闭, Esc closes it. It stays
 * mounted while closed (hidden) so what it holds (the outline tree) keeps its state.
 */
export function BottomSheet({ title, id, open, onClose, children, tall, sheetRef }: SheetProps & { sheetRef?: RefObject<HTMLElement | null> }) {
  const own = useRef<HTMLElement>(null);
  const ref = sheetRef ?? own;
  useEffect(() => {
    const sheet = ref.current;
    if (!open || !sheet) return;
    // The outline opens on the selected row (scrolled into view, focused for screen readers),
    // not on the top of a long list; another sheet on its first control.
    const row = sheet.querySelector<HTMLElement>('[role=treeitem][tabindex="0"]');
    row?.scrollIntoView({ block: 'center' });
    (row ?? sheet.querySelector<HTMLElement>('[tabindex="0"], button:not(:disabled)'))?.focus({ preventScroll: true });
  }, [open]);
  return (
    <section
      ref={ref}
      id={id}
      className={tall ? 'mind-sheet mind-sheet--tall' : 'mind-sheet'}
      aria-label={title}
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="mind-sheet__head">
        <h2>{title}</h2>
        <button type="button" className="mind-sheet__close" onClick={onClose}>
          关闭
        </button>
      </header>
      <div className="mind-sheet__body">{children}</div>
    </section>
  );
}

/**
 * Calls `onChange` with how much of `stage` is visible above the on-screen keyboard (the visual
 * viewport) whenever the keyboard opens, closes or resizes: the edit field moves above it.
 */
export function useKeyboardInset(stage: RefObject<HTMLElement | null>, onChange: (visibleHeight: number) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const update = () => {
      const el = stage.current;
      if (!el) return;
      const r = el.getBoundingClientRect();
      latest.current(Math.max(0, Math.min(r.height, vv.offsetTop + vv.height - r.top)));
    };
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
    };
  }, [stage]);
}

/** The phone's status line above the canvas (where the desktop has its toolbar): zoom and the page's extras. */
export function PhoneStatus({ zoom, children }: { zoom: number; children?: ReactNode }) {
  return (
    <div className="mind-editor__status">
      <output className="mind-editor__zoom" aria-label="缩放比例">
        {Math.round(zoom * 100)}%
      </output>
      {children}
    </div>
  );
}

/** Space kept between the kept topic and the sheet's (or the canvas's) edge, CSS px. */
const SHEET_GAP = 16;

/**
 * How far up (px) to pan the map so that a topic at screen box `box` (canvas px) sits above a
 * sheet whose top is `sheetTop` px down the canvas: 0 when it is not covered; a topic taller than
 * the space left keeps its top in view.
 */
export function panAboveSheet(box: Rect, sheetTop: number): number {
  const covered = box.y + box.h - (sheetTop - SHEET_GAP);
  return covered > 0 ? Math.max(0, Math.min(covered, box.y - SHEET_GAP)) : 0;
}

const sameCamera = (a: Camera, b: Camera) => a.zoom === b.zoom && Math.abs(a.tx - b.tx) < 0.5 && Math.abs(a.ty - b.ty) < 0.5;

/**
 * The 大纲 sheet covers the lower part of the map (issue 31 item 13): while it is open, the
 * selected topic is kept above it — the map pans only when the topic would be under the sheet —
 * and on close those pans are undone, unless the map was moved after them (by the student).
 */
function useTopicAboveSheet(ctl: EditorController, canvas: RefObject<MindmapCanvas | null>, sheet: RefObject<HTMLElement | null>, open: boolean) {
  const selected = useSyncExternalStore(ctl.subscribe, () => ctl.primary);
  const moved = useRef<{ from: Camera; to: Camera } | null>(null);
  useEffect(() => {
    const c = canvas.current;
    if (!open || !c || !sheet.current || !selected) return;
    const box = c.screenBox(selected);
    if (!box) return;
    const dy = panAboveSheet(box, sheet.current.getBoundingClientRect().top - c.element.getBoundingClientRect().top);
    if (!dy) return;
    // Pans since the camera last moved otherwise (a row tapped in the sheet centres its topic) undo together on close.
    const last = moved.current;
    const from = last && sameCamera(c.camera, last.to) ? last.from : c.camera;
    c.panBy(0, -dy);
    moved.current = { from, to: c.camera };
  }, [ctl, canvas, sheet, open, selected]);
  useEffect(() => {
    if (open) return;
    const c = canvas.current;
    const m = moved.current;
    moved.current = null;
    if (!c || !m || !sameCamera(c.camera, m.to)) return;
    c.setCamera(m.from);
    // a topic chosen in the sheet meanwhile stays on screen
    if (ctl.primary) c.reveal(ctl.primary);
  }, [ctl, canvas, open]);
}

interface OutlineProps {
  ctl: EditorController;
  /** The map's canvas (the 大纲 sheet keeps the selected topic above it). */
  canvas: RefObject<MindmapCanvas | null>;
  phone: boolean;
  sheet: PhoneSheet;
  onSheet(sheet: PhoneSheet): void;
  tree: ReactNode;
  toolbar: ReactNode;
}

/** The outline tree beside the canvas; on a phone a bottom sheet, with 多选 and the toolbar in a 更多 sheet. */
export function OutlineRegion({ ctl, canvas, phone, sheet, onSheet, tree, toolbar }: OutlineProps) {
  const outline = useRef<HTMLElement>(null);
  useTopicAboveSheet(ctl, canvas, outline, phone && sheet === 'outline');
  if (!phone)
    return (
      <aside className="mind-editor__outline" aria-label="大纲">
        {tree}
      </aside>
    );
  return (
    <>
      <BottomSheet title="大纲" id="mind-outline-sheet" sheetRef={outline} open={sheet === 'outline'} onClose={() => onSheet(null)}>
        {tree}
      </BottomSheet>
      <BottomSheet title="更多" tall open={sheet === 'more'} onClose={() => onSheet(null)}>
        {/* a finger has no Shift or Ctrl: several topics are selected in 多选 (multi-select.ts) */}
        <MultiSelectButton ctl={ctl} onPicked={() => onSheet(null)} />
        {toolbar}
      </BottomSheet>
    </>
  );
}
