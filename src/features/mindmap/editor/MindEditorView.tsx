import { ContextMenu } from 'radix-ui';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { DEPTH_ERROR } from '../../../engine/model/types';
import { stepZoom } from '../canvas/camera';
import { MindmapCanvas } from '../canvas/mindmap-canvas';
import { ACTIONS, actionForKey, isEnabled, shortcutLabel, type ActionContext, type DialogKind } from './actions';
import { AriaTree } from './AriaTree';
import type { EditorController } from './controller';
import { NodeDialog, putImage } from './dialogs';
import { useImportExport } from './import-export';
import { bindPointer } from './pointer';
import { TextEditOverlay, type EditTarget } from './TextEditOverlay';
import { Toolbar } from './Toolbar';
import '../mindmap.css';

// The editor: Pixi canvas fed by worker patches, the ARIA tree beside it, toolbar and context
// menu from the action registry, in-place text editing and the node dialogs.

interface Props {
  ctl: EditorController;
  /** Opens the document once the canvas exists. */
  load(): Promise<void>;
  toolbarExtra?: ReactNode;
  /** Enter / double click on a node in a read-only map (MindDetail opens its resources). */
  onActivate?(id: string): void;
  onError(message: string): void;
  extraMarks?(id: string): string[];
}

export function MindEditorView({ ctl, load, toolbarExtra, onActivate, onError, extraMarks }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const marquee = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<MindmapCanvas | null>(null);
  const [edit, setEdit] = useState<EditTarget | null>(null);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [ready, setReady] = useState(false);
  const state = useSyncExternalStore(ctl.subscribe, ctl.getState);
  const editSeq = useRef(0);
  // An insert opens the edit field at once (id '' until the worker answers), so text typed or
  // composed with an IME right after Tab/Enter lands in it; the live value is mirrored here.
  const liveText = useRef('');
  const pendingCommit = useRef<string | null>(null);
  const pasteFallback = useRef(0);
  // Keys reach the editor through the tree: after an edit field or dialog closes, focus goes back
  // to it (retrying a few frames while a new node's row renders), unless the user moved elsewhere.
  const focusTree = (tries = 10): void => {
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active && active !== document.body && !active.closest('.mind-editor')) return;
      const row = document.querySelector<HTMLElement>('.mind-tree [role=treeitem][tabindex="0"]');
      if (row) row.focus();
      else if (tries > 0) focusTree(tries - 1);
    });
  };

  ctl.onError = (msg) => (msg === DEPTH_ERROR ? window.alert(msg) : onError(msg));

  const startEdit = (id: string, initial?: string) => {
    const c = canvasRef.current;
    const n = ctl.model.get(id);
    if (!c || !n || ctl.state.readOnly) return;
    c.reveal(id);
    c.paintNow();
    const b = c.store.boxOf(id)!;
    const { zoom, tx, ty } = c.camera;
    const fontSize = (c.store.node(id)?.style.fontSize ?? 14) * zoom;
    ctl.select([id], false);
    ctl.setStatus('textedit');
    liveText.current = initial ?? n.text;
    setEdit({ id, text: initial ?? n.text, left: b.x * zoom + tx, top: b.y * zoom + ty, width: b.w * zoom, height: b.h * zoom, fontSize, selectAll: initial === undefined });
  };

  const ctx: ActionContext = useMemo(
    () => ({
      ctl,
      ui: {
        editText: (id) => {
          const committed = pendingCommit.current;
          pendingCommit.current = null;
          if (!id) return (setEdit(null), ctl.setStatus('inputready'));
          if (committed !== null) {
            ctl.select([id]);
            if (committed !== '分支主题') void ctl.run('editText', [id, committed], { mergeKey: `text:${id}:${++editSeq.current}` });
            focusTree();
            return;
          }
          startEdit(id, liveText.current);
        },
        beginInsert: () => {
          const c = canvasRef.current;
          const b = ctl.primary && c?.store.boxOf(ctl.primary);
          if (!c || !b) return;
          const { zoom, tx, ty } = c.camera;
          liveText.current = '分支主题';
          ctl.setStatus('textedit');
          setEdit({ id: '', text: '分支主题', left: (b.x + b.w + 30) * zoom + tx, top: (b.y + b.h) * zoom + ty, width: 120, height: b.h * zoom, fontSize: 14 * zoom, selectAll: true });
        },
        openDialog: setDialog,
        fit: () => {
          const c = canvasRef.current;
          if (!c || !c.store.slotOf.size) return;
          const b = c.store.bounds();
          const z = Math.min(2, Math.max(0.25, Math.floor(Math.min(c.width / (b.w + 40), c.height / (b.h + 40)) * 4) / 4));
          c.zoomTo(z, false);
          c.centerWorld(b.x + b.w / 2, b.y + b.h / 2);
          ctl.setZoom(z);
        },
        zoom: (dir) => {
          canvasRef.current?.zoomStep(dir);
          ctl.setZoom(stepZoom(ctl.state.zoom, dir));
        },
      },
    }),
    [ctl],
  );
  const io = useImportExport(ctl, onError);

  useEffect(() => {
    const canvas = new MindmapCanvas();
    let off = () => {};
    let alive = true;
    void canvas.init(host.current!).then(async () => {
      if (!alive) return canvas.destroy();
      canvasRef.current = canvas;
      ctl.attach(canvas);
      off = bindPointer(canvas, ctl, marquee.current!, (id) => (ctl.state.readOnly ? onActivate?.(id) : startEdit(id)));
      const syncZoom = () => setTimeout(() => ctl.setZoom(canvas.camera.zoom), 350);
      canvas.element.addEventListener('wheel', syncZoom);
      canvas.element.addEventListener('pointerup', () => focusTree());
      await load();
      setReady(true);
    });
    return () => {
      alive = false;
      off();
      if (canvasRef.current) canvasRef.current.destroy();
      canvasRef.current = null;
    };
  }, [ctl]);

  const onKey = (e: KeyboardEvent) => {
    if (ctl.state.status === 'textedit' || dialog) return;
    const arrows: Record<string, 'up' | 'down' | 'left' | 'right'> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
    if (arrows[e.key] && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      ctl.navigate(arrows[e.key], e.shiftKey);
      return;
    }
    if (e.key === 'Enter' && ctl.state.readOnly && ctl.primary && onActivate) {
      e.preventDefault();
      onActivate(ctl.primary);
      return;
    }
    const a = actionForKey(e);
    // Ctrl+V: the paste event may carry an image from the system clipboard; browsers that send
    // no paste event to a non-editable element get the map's own clipboard after a moment.
    if (a?.name === 'paste') {
      if (isEnabled(a, ctx)) pasteFallback.current = window.setTimeout(() => void a.perform(ctx), 80);
      return;
    }
    if (a) {
      e.preventDefault();
      if (isEnabled(a, ctx)) void a.perform(ctx);
      return;
    }
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && ctl.primary && !ctl.state.readOnly && e.key !== ' ') {
      e.preventDefault();
      startEdit(ctl.primary, e.key);
    }
  };

  const onPaste = (e: React.ClipboardEvent) => {
    window.clearTimeout(pasteFallback.current);
    if (ctl.state.status === 'textedit' || dialog || ctl.state.readOnly) return;
    const item = [...e.clipboardData.items].find((i) => i.type.startsWith('image/'));
    const file = item?.getAsFile();
    if (file && ctl.state.selection.length) {
      e.preventDefault();
      putImage(ctl, ctl.state.selection, file, file.name || 'image.png').catch((err: unknown) => onError(err instanceof Error ? err.message : '图片上传失败'));
    } else if (ctl.state.hasClipboard) {
      e.preventDefault();
      void ctl.paste();
    }
  };

  const commitEdit = (text: string) => {
    const t = edit!;
    if (!t.id) {
      // Enter before the worker answered the insert: apply when the node exists. The editor is
      // out of text editing now, so the next keys (F2, Enter, arrows) must already work.
      pendingCommit.current = text;
      setEdit(null);
      ctl.setStatus('inputready');
      focusTree();
      return;
    }
    setEdit(null);
    ctl.setStatus('inputready');
    if (text !== ctl.model.get(t.id)?.text) void ctl.run('editText', [t.id, text], { mergeKey: `text:${t.id}:${++editSeq.current}` });
    focusTree();
  };

  return (
    <div className={`mind-editor is-${state.view}`} onPaste={onPaste} aria-busy={!ready}>
      <Toolbar ctx={ctx} onImportFile={io.pickFile} onImportPaste={io.pasteImport} onExport={(k) => void io.exportAs(k)}>
        {toolbarExtra}
      </Toolbar>
      <div className="mind-editor__body">
        <ContextMenu.Root>
          <ContextMenu.Trigger asChild>
            <div
              className="mind-editor__stage"
              onContextMenu={(e) => {
                const c = canvasRef.current;
                const r = host.current!.getBoundingClientRect();
                const hit = c?.hitTest(e.clientX - r.left, e.clientY - r.top);
                if (hit && !ctl.state.selection.includes(hit)) ctl.select([hit], false);
              }}
            >
              <div ref={host} className="mind-editor__canvas" role="img" aria-label="思维导图画布（可使用右侧大纲进行键盘操作）" />
              <div ref={marquee} className="mind-editor__marquee" aria-hidden="true" />
              {edit && <TextEditOverlay target={edit} onInput={(v) => (liveText.current = v)} onCommit={commitEdit} onCancel={() => (setEdit(null), ctl.setStatus('inputready'), focusTree())} />}
            </div>
          </ContextMenu.Trigger>
          <ContextMenu.Portal>
            <ContextMenu.Content className="mind-menu">
              {ACTIONS.filter((a) => a.in.includes('menu')).map((a) => (
                <ContextMenu.Item key={a.name} className="mind-menu__item" disabled={!isEnabled(a, ctx)} onSelect={() => void a.perform(ctx)}>
                  {a.label}
                  {a.shortcut && <span className="mind-menu__key">{shortcutLabel(a.shortcut)}</span>}
                </ContextMenu.Item>
              ))}
            </ContextMenu.Content>
          </ContextMenu.Portal>
        </ContextMenu.Root>
        <aside className="mind-editor__outline" aria-label="大纲">
          <AriaTree ctl={ctl} extraMarks={extraMarks} onKeyDown={onKey} onToggle={(id) => void ctl.run(ctl.model.get(id)?.collapsed ? 'expand' : 'collapse', [[id]])} onActivate={onActivate ?? ((id) => startEdit(id))} />
        </aside>
      </div>
      <NodeDialog ctl={ctl} kind={dialog} onClose={() => (setDialog(null), focusTree())} onError={onError} />
      {io.elements}
    </div>
  );
}
