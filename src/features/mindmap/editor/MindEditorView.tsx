import { ContextMenu } from 'radix-ui';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { DEPTH_ERROR, type KmNode } from '../../../engine/model/types';
import { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { ActionContext, DialogKind } from './actions';
import { AriaTree } from './AriaTree';
import { writeClipboard } from './clipboard';
import type { EditorController } from './controller';
import { NodeDialog } from './dialogs';
import { anchorOf, editBox, MIN_EDIT_FONT } from './edit-geometry';
import { FindBar, useFindShortcut } from './FindBar';
import { useImportExport } from './import-export';
import { handleMapKey } from './keyboard';
import { mapPaste } from './map-paste';
import { NodeMenu, openMenuAt } from './NodeMenu';
import { bindMarkers, NotePreview, type NotePreviewState } from './marker-input';
import { loadNodeImage } from './node-image';
import { bindPointer } from './pointer';
import { TextEditOverlay, type EditTarget } from './TextEditOverlay';
import { Toolbar } from './Toolbar';
import { userMessage } from './messages';
import '../mindmap.css';

// The editor: Pixi canvas fed by worker patches, the ARIA tree beside it, toolbar and node menu
// from the action registry, the keyboard target / text edit field and the node dialogs.
// Focus rule: after any pointer action on the map, its toolbar, menus or dialogs, the focus goes
// back to the map's keyboard target (the armed edit field), so keys always reach the map.

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

const HINT_EDIT = '方向键移动选择，Tab 插入下级主题，Enter 插入同级主题，F2 或直接输入编辑文字，Delete 删除，Shift+F10 打开主题菜单，F6 切换到工具栏和大纲';
const HINT_READ = '方向键移动选择，Enter 打开主题，Shift+F10 打开主题菜单，F6 切换到工具栏和大纲';

export function MindEditorView({ ctl, load, toolbarExtra, onActivate, onError, extraMarks }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const marquee = useRef<HTMLDivElement>(null);
  const ghost = useRef<HTMLDivElement>(null);
  const keyTarget = useRef<HTMLTextAreaElement>(null);
  const canvasRef = useRef<MindmapCanvas | null>(null);
  const [edit, setEdit] = useState<EditTarget | null>(null);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [preview, setPreview] = useState<NotePreviewState | null>(null);
  const [find, setFind] = useState(0); // 0 closed; bumped by each Ctrl+F

  const [ready, setReady] = useState(false);
  // Opening failed (a damaged map, a network failure): said in Chinese with 重试, never a busy
  // empty editor; the controller stays un-opened, so nothing is autosaved over the stored map.
  const [failed, setFailed] = useState<string | null>(null);
  const state = useSyncExternalStore(ctl.subscribe, ctl.getState);
  useSyncExternalStore(ctl.model.subscribe, ctl.model.getVersion);
  const hintId = useId();
  const editSeq = useRef(0);
  const session = useRef(0);
  // The open edit, readable synchronously by handlers that run before React re-renders.
  const editing = useRef<EditTarget | null>(null);
  // An insert opens the edit field at once (id '' until the worker answers), so text typed or
  // composed with an IME right after Tab/Enter lands in it; Enter before the answer parks it here.
  const pendingCommit = useRef<string | null>(null);

  const show = (t: EditTarget | null) => {
    editing.current = t;
    setEdit(t);
    ctl.setStatus(t ? 'textedit' : 'inputready');
  };

  /**
   * Focus to the map's keyboard target; `always` = also when the focus is elsewhere (a pointer
   * action on the map). After a menu or dialog closes it waits a frame (their own focus handling
   * runs first); `now` for a pointer action on the map itself, so the very next key is the map's.
   */
  const focusMap = (always = true, now = false): void => {
    const go = () => {
      const t = keyTarget.current;
      const active = document.activeElement;
      if (!t || active === t || document.querySelector('[role=dialog], [role=alertdialog]')) return;
      if (!always && active && active !== document.body) return;
      t.focus({ preventScroll: true });
    };
    if (now) go();
    else requestAnimationFrame(go);
  };

  ctl.onError = (msg) => {
    if (msg !== DEPTH_ERROR) return onError(msg);
    window.alert(msg);
    focusMap();
  };

  /** Opens the edit field on node `id` with `text`; `typed` = the field already holds it (typing, IME). */
  const openEdit = (id: string, text: string, typed: boolean): void => {
    const c = canvasRef.current;
    if (!c || !ctl.model.get(id) || ctl.state.readOnly) return;
    const box = editBox(c, id);
    if (!box) return;
    c.paintNow();
    ctl.select([id], false);
    show({ id, text, typed, seq: ++session.current, ...box });
  };

  const runEditText = (id: string, text: string) => void ctl.run('editText', [id, text], { mergeKey: `text:${id}:${++editSeq.current}` });

  const ctx: ActionContext = useMemo(
    () => ({
      ctl,
      ui: {
        // F2 / 编辑文字 / double click: always the node's own current text.
        editText: (id) => openEdit(id, ctl.model.get(id)?.text ?? '', false),
        beginInsert: () => {
          const c = canvasRef.current;
          const b = ctl.primary && c?.store.boxOf(ctl.primary);
          if (!c || !b) return;
          const { zoom, tx, ty } = c.camera;
          const fontSize = Math.max(MIN_EDIT_FONT, 14 * zoom);
          const left = Math.min((b.x + b.w + 30) * zoom + tx, c.width - 140);
          show({ id: '', text: '分支主题', typed: false, seq: ++session.current, left, top: (b.y + b.h) * zoom + ty, width: 120, maxWidth: Math.max(120, c.width - 8 - left), fontSize });
        },
        endInsert: (id) => {
          const committed = pendingCommit.current;
          pendingCommit.current = null;
          const open = editing.current;
          if (!id) {
            if (open && !open.id) show(null);
            return;
          }
          if (committed !== null) {
            if (committed !== '分支主题') runEditText(id, committed);
            return;
          }
          // Still typing into the field: it now belongs to the new node (same session, so the
          // selection and the composition in the field are kept).
          const c = canvasRef.current;
          const box = c && editBox(c, id);
          if (open && !open.id && box) show({ ...open, ...box, id });
        },
        toSystemClipboard: (nodes) => void writeClipboard(nodes as Promise<KmNode[] | undefined>),
        paste: () => paste.fromMenu(),
        openDialog: setDialog,
        focusMap: () => focusMap(),
        // F6 / Shift+F6 go round map → toolbar → outline tree → map (a way out of the map, where Tab inserts).
        cycleRegion: (back) => {
          const regions = ['map', 'toolbar', 'tree'] as const;
          const active = document.activeElement;
          const at = active?.closest('.mind-toolbar') ? 1 : active?.closest('.mind-tree') ? 2 : 0;
          const next = regions[(at + (back ? 2 : 1)) % 3];
          if (next === 'map') return focusMap();
          const sel = next === 'toolbar' ? '.mind-toolbar button:not(:disabled), .mind-toolbar select:not(:disabled)' : '.mind-tree [role=treeitem][tabindex="0"]';
          document.querySelector<HTMLElement>(sel)?.focus();
        },
        openFind: () => setFind((n) => n + 1),
        // Everything when it fits at a readable zoom, else a readable zoom around the selection.
        fit: () => canvasRef.current?.frameMap(ctl.primary, 2),
        // The label follows the canvas (onZoom), never a copy of the zoom kept here.
        zoom: (dir) => canvasRef.current?.zoomStep(dir),
      },
    }),
    [ctl],
  );
  const io = useImportExport(ctl, onError, () => focusMap());
  const paste = useMemo(() => mapPaste(ctl, onError), [ctl]);
  useFindShortcut(ctx.ui.openFind);

  useEffect(() => {
    const canvas = new MindmapCanvas();
    let off = () => {};
    let offMarkers = () => {};
    let alive = true;
    canvas.onZoom = (z) => ctl.setZoom(z);
    void canvas.init(host.current!, { images: loadNodeImage }).then(async () => {
      if (!alive) return canvas.destroy();
      canvasRef.current = canvas;
      ctl.attach(canvas);
      offMarkers = bindMarkers(canvas, ctl, setPreview);
      off = bindPointer(canvas, ctl, { marquee: marquee.current!, ghost: ghost.current! }, (id) => (ctl.state.readOnly ? onActivate?.(id) : ctx.ui.editText(id)));
      canvas.element.addEventListener('pointerup', () => focusMap(true, true));
      await open();
    });
    return () => {
      alive = false;
      off();
      offMarkers();
      ctl.detach();
      if (canvasRef.current) canvasRef.current.destroy();
      canvasRef.current = null;
    };
  }, [ctl]);

  async function open(): Promise<void> {
    setFailed(null);
    try {
      await load();
      setReady(true);
    } catch (e) {
      setFailed(userMessage(e, '请检查网络后重试'));
    }
  }

  const openNodeMenu = () => stage.current && canvasRef.current && ctl.primary && openMenuAt(stage.current, canvasRef.current, ctl.primary);

  const keyDeps = {
    ctx,
    onActivate,
    openNodeMenu,
    cycleRegion: (back: boolean) => ctx.ui.cycleRegion(back),
    pasteFallback: () => paste.armFallback(),
  };

  const onTreeKey = (e: KeyboardEvent) => {
    if (editing.current || dialog) return;
    if (handleMapKey(e, keyDeps)) return;
    // A printable key on a tree row (not an editable element) starts editing with it.
    if (ctl.primary && !ctl.state.readOnly) {
      e.preventDefault();
      openEdit(ctl.primary, e.key, true);
      keyTarget.current?.focus({ preventScroll: true });
    }
  };

  const onPaste = (e: ClipboardEvent) => paste.onPaste(e, !!editing.current || !!dialog);

  const commitEdit = (text: string) => {
    const t = editing.current;
    if (!t) return;
    show(null);
    // Enter before the worker answered the insert: applied when the node exists. The editor is
    // out of text editing now, so the next keys (F2, Enter, arrows) must already work.
    if (!t.id) pendingCommit.current = text;
    else if (text !== ctl.model.get(t.id)?.text) runEditText(t.id, text);
    // Left by a click elsewhere: the focus stays where the user put it, unless it went nowhere.
    focusMap(false);
  };

  const anchor = anchorOf(canvasRef.current, ctl.primary);
  const node = ctl.primary ? ctl.model.get(ctl.primary) : undefined;
  const label = node ? `思维导图，已选中：${node.text || '分支主题'}（第 ${node.level} 级）` : '思维导图，未选中主题';
  return (
    <div className={`mind-editor is-${state.view}`} onPaste={onPaste} aria-busy={!ready}>
      <Toolbar ctx={ctx} onImportFile={io.pickFile} onImportPaste={io.pasteImport} onExport={(k) => void io.exportAs(k)}>
        {toolbarExtra}
      </Toolbar>
      {find > 0 && <FindBar ctl={ctl} focusKey={find} onClose={() => (setFind(0), focusMap())} />}
      <div className="mind-editor__body">
        <ContextMenu.Root>
          <ContextMenu.Trigger asChild>
            <div
              ref={stage}
              className="mind-editor__stage"
              onContextMenu={(e) => {
                const c = canvasRef.current;
                const r = host.current!.getBoundingClientRect();
                const hit = c?.hitTest(e.clientX - r.left, e.clientY - r.top);
                if (hit && !ctl.state.selection.includes(hit)) ctl.select([hit], false);
              }}
            >
              <div ref={host} className="mind-editor__canvas" role="img" aria-label="思维导图画布（选中主题后可用键盘操作，也可使用右侧大纲）" />
              <div ref={marquee} className="mind-editor__marquee" aria-hidden="true" />
              {preview && <NotePreview state={preview} />}
              <div ref={ghost} className="mind-editor__ghost" aria-hidden="true" />
              {failed && (
                <div className="mind-editor__failed" role="alert">
                  <p>导图打开失败：{failed}</p>
                  <button type="button" className="btn btn--primary" onClick={() => void open()}>
                    重试
                  </button>
                </div>
              )}
              <TextEditOverlay
                edit={edit}
                anchor={anchor}
                label={label}
                hintId={hintId}
                readOnly={state.readOnly}
                inputRef={keyTarget}
                onMapKey={(e) => !dialog && handleMapKey(e, keyDeps)}
                onMapPaste={onPaste}
                onType={(v) => !editing.current && ctl.primary && openEdit(ctl.primary, v, true)}
                onCommit={commitEdit}
                onCancel={() => show(null)}
              />
              <span id={hintId} hidden>
                {state.readOnly ? HINT_READ : HINT_EDIT}
              </span>
              {/* The focused field's label changes with the selection; screen readers hear it here. */}
              <span className="visually-hidden" aria-live="polite">
                {edit ? '' : label}
              </span>
            </div>
          </ContextMenu.Trigger>
          <NodeMenu ctx={ctx} onClosed={() => focusMap()} />
        </ContextMenu.Root>
        <aside className="mind-editor__outline" aria-label="大纲">
          <AriaTree
            ctl={ctl}
            extraMarks={extraMarks}
            onKeyDown={onTreeKey}
            onRowClick={() => focusMap(true, true)}
            onRowMenu={openNodeMenu}
            onToggle={(id) => void ctl.run(ctl.model.get(id)?.collapsed ? 'expand' : 'collapse', [[id]])}
            onActivate={onActivate ?? ((id) => ctx.ui.editText(id))}
          />
        </aside>
      </div>
      <NodeDialog ctl={ctl} kind={dialog} onClose={() => setDialog(null)} onError={onError} returnFocus={() => focusMap()} />
      {io.elements}
    </div>
  );
}
