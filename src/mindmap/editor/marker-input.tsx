import { useLayoutEffect, useRef } from 'react';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { EditorController } from './controller';
import { NoteMarkdown } from '../host';

// The clickable icons on the canvas (kityminder §5): the link icon opens the node's link in a new
// tab, but only a whitelisted one (SPEC §5: http, https, ftp, mailto; anything else became '#' in
// the engine and opens nothing); hovering the note icon for 300 ms previews the note, and so does
// moving the selection onto a node with a note from the keyboard (map or outline tree focused).

export interface NotePreviewState {
  id: string;
  text: string;
  /** Canvas-relative CSS px of the preview's top-left corner. */
  x: number;
  y: number;
}

const HOVER_MS = 300;

export function bindMarkers(canvas: MindmapCanvas, ctl: EditorController, show: (p: NotePreviewState | null) => void): () => void {
  const el = canvas.element;
  let timer = 0;
  let shown: string | null = null;
  let seq = 0;

  const preview = (id: string, x: number, y: number) => {
    if (shown === id) return;
    shown = id;
    const mine = ++seq;
    void ctl.engine.getNodeData(id).then((d) => {
      if (mine === seq && shown === id && d.note) show({ id, text: d.note, x, y });
    });
  };
  const hide = () => {
    window.clearTimeout(timer);
    timer = 0;
    if (shown === null) return;
    shown = null;
    seq++;
    show(null);
  };

  const onMove = (e: PointerEvent) => {
    const hit = canvas.markerAt(e.offsetX, e.offsetY);
    el.style.cursor = hit && (hit.kind === 'link' || hit.kind === 'note') ? 'pointer' : '';
    if (hit?.kind === 'note') {
      if (shown !== hit.id && !timer) {
        const { offsetX: x, offsetY: y } = e;
        timer = window.setTimeout(() => ((timer = 0), preview(hit.id, x + 12, y + 16)), HOVER_MS);
      }
      return;
    }
    hide();
  };
  const onClick = (e: MouseEvent) => {
    const hit = canvas.markerAt(e.offsetX, e.offsetY);
    if (hit?.kind !== 'link') return;
    const href = ctl.model.get(hit.id)?.href;
    if (href && href !== '#') window.open(href, '_blank', 'noopener,noreferrer');
  };
  // Keyboard: the selected node's note shows below it while the outline tree has the focus.
  // Only for a selection the student made on the map or in its tree: an import (chosen from a
  // menu) selects the new root too, and its note covered the topics around it every time.
  // A finger has no hover and no keyboard focus on the map: a topic tapped shows its note so.
  let lastPrimary: string | null = null;
  let pickedOnMap = false;
  let byFinger = false;
  const onInput = (e: Event) => {
    pickedOnMap = !!(e.target as Element | null)?.closest?.('.mind-tree, .mind-editor__stage');
    byFinger = e instanceof PointerEvent && e.pointerType === 'touch';
  };
  const onState = () => {
    const id = ctl.primary;
    if (id === lastPrimary) return;
    lastPrimary = id;
    hide();
    // keyboard focus on the map (its key field) or in the outline tree, not while editing text
    if (
      !id ||
      !pickedOnMap ||
      !ctl.model.get(id)?.hasNote ||
      ctl.tools.doing('text') ||
      (!byFinger && !document.activeElement?.closest('.mind-tree, .mind-editor__stage'))
    )
      return;
    const b = canvas.screenBox(id);
    if (b) preview(id, b.x + b.w - 8, b.y + b.h + 4);
  };
  // A mouse leaving the map ends its hover; a finger "leaves" at every lift, right after the tap
  // that showed the note.
  const onLeave = (e: PointerEvent) => e.pointerType !== 'touch' && hide();
  const offState = ctl.subscribe(onState);
  document.addEventListener('pointerdown', onInput, true);
  document.addEventListener('keydown', onInput, true);
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerleave', onLeave);
  el.addEventListener('click', onClick);
  return () => {
    offState();
    document.removeEventListener('pointerdown', onInput, true);
    document.removeEventListener('keydown', onInput, true);
    hide();
    el.removeEventListener('pointermove', onMove);
    el.removeEventListener('pointerleave', onLeave);
    el.removeEventListener('click', onClick);
  };
}

export function NotePreview({ state }: { state: NotePreviewState }) {
  // Kept inside the map, 8 px from its edges: by the right edge the box used to shrink to the
  // space left there, one character a line (outside walk); it keeps its width and moves left.
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const box = el?.offsetParent;
    if (!el || !box) return;
    el.style.left = `${Math.max(8, Math.min(state.x, box.clientWidth - el.offsetWidth - 8))}px`;
    el.style.top = `${Math.max(8, Math.min(state.y, box.clientHeight - el.offsetHeight - 8))}px`;
  }, [state.x, state.y, state.text]);
  return (
    <div ref={ref} className="mind-note-preview" role="tooltip" aria-label="备注预览" style={{ left: state.x, top: state.y }}>
      <NoteMarkdown text={state.text} />
    </div>
  );
}
