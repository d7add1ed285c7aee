import { ContextMenu } from 'radix-ui';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { DEPTH_ERROR } from '../engine/model/types';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import type { ActionContext, DialogKind } from './actions';
import { AriaTree } from './AriaTree';
import { writeClipboard } from './clipboard';
import type { EditorController } from './controller';
import { NodeDialog } from './dialogs';
import { anchorOf, lineAnchor } from './edit-geometry';
import { FindBar, useFindShortcut } from './FindBar';
import { useImportExport, type RetiredByImport } from './import-export';
import { handleMapKey, handleTreeRowArrow, HINT_EDIT, HINT_READ } from './keyboard';
import { mapPaste } from './map-paste';
import { menuLine, NodeMenu, openLineMenuAt, openMenuAt, openSummaryMenuAt } from './NodeMenu';
import { NotePreview, type NotePreviewState } from './marker-input';
import { OverlayStore } from './overlay-state';
import { MapStage } from './MapStage';
import { MultiSelectBanner } from './multi-select-ui';
import { OpeningFailed, stageKey, useMapOpening } from './map-opening';
import { OutlineRegion, PhoneActionBar, PhoneStatus, usePhone, type PhoneSheet } from './phone';
import { RelationOverlay } from './relation-ui';
import { cycleRegion } from './regions';
import { TextEditOverlay } from './TextEditOverlay';
import { RefusedNotice } from './refused-notice';
import { refuseReadOnly } from './read-only';
import { useTextEdit } from './text-edit';
import { queuedInput } from './queued-input';
import { bindCanvasInput } from './canvas-bindings';
import { focusOnOpen, mapFocuser } from './map-focus';
import { Toolbar } from './Toolbar';
import { useLiveRegion } from './live-region';
import { selectionLabel } from './selection-label';
import { useToastsAtBottom } from '../host';
import '../mindmap.css';

// The editor: Pixi canvas fed by worker patches (its inputs: canvas-bindings.ts), the ARIA tree
// beside it, toolbar and node menu from the action registry, the keyboard target / text edit
// field and the node dialogs. Where the keyboard goes: map-focus.ts; opening the map: map-opening.tsx.

interface Props {
  ctl: EditorController;
  /** Opens the document once the canvas exists. */
  load(): Promise<void>;
  toolbarExtra?: ReactNode;
  /** Enter / double click on a node in a read-only map (MindDetail opens its resources). */
  onActivate?(id: string): void;
  onError(message: string): void;
  extraMarks?(id: string): string[];
  /** The import notice says how many review cards an import retires (我的学习导图). */
  retiredByImport?: RetiredByImport;
  /** 回忆练习 on a branch (我的学习导图): the node menu and Alt+R offer it where this is given. */
  onRecall?(id: string): void;
}

export function MindEditorView({ ctl, load, toolbarExtra, onActivate, onError, extraMarks, retiredByImport, onRecall }: Props) {
  const stage = useRef<HTMLDivElement>(null);
  const [overlays] = useState(() => new OverlayStore());
  const keyTarget = useRef<HTMLTextAreaElement>(null);
  const canvasRef = useRef<MindmapCanvas | null>(null);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [preview, setPreview] = useState<NotePreviewState | null>(null);
  const [find, setFind] = useState(0); // 0 closed; bumped by each Ctrl+F
  // The keyboard target sits over the selected node on screen: placed again when the camera rests.
  const [, cameraRested] = useReducer((n: number) => n + 1, 0);
  const phone = usePhone();
  // The toolbar is at the top: toasts (import notices, errors) must not cover it.
  useToastsAtBottom();
  const [sheet, setSheet] = useState<PhoneSheet>(null);
  // Was the last pointer on the editor a finger? Then the keyboard target is not focused for
  // map keys (that would open the on-screen keyboard), only for editing text.
  const touched = useRef(false);

  const state = useSyncExternalStore(ctl.subscribe, ctl.getState);
  useSyncExternalStore(ctl.model.subscribe, ctl.model.getVersion);
  useSyncExternalStore(ctl.doc.progress.subscribe, ctl.doc.progress.getVersion);
  useSyncExternalStore(ctl.doc.mastery.subscribe, ctl.doc.mastery.getVersion);
  const lineState = useSyncExternalStore(ctl.relations.subscribe, ctl.relations.getState);
  const hintId = useId();
  const field = useTextEdit(ctl, canvasRef, stage, phone);
  const { edit, editing } = field;
  const focusMap = mapFocuser(keyTarget, touched, editing);
  // A phone's sheet gives the map the screen once it is needed there: a text to type (a new
  // summary's), a target topic to tap (关联线).
  const typing = !!edit;
  const linking = !!lineState.linking;
  useEffect(() => {
    if (phone && (typing || linking)) setSheet(null);
    // 多选 is the phone's (its banner, its taps): a window widened to the desktop layout ends it
    if (!phone) ctl.multi.leave();
  }, [ctl, phone, typing, linking]);
  const opening = useMapOpening(load, () => focusOnOpen(focusMap, phone, touched));

  // What is selected: the keyboard target's name, said in the live region when it changes.
  const label = selectionLabel(ctl, lineState.selected);
  const live = useLiveRegion(edit ? null : label);
  useEffect(() => ctl.events.on('focusMap', () => focusMap()), [ctl, focusMap]);
  // Subscribed before the browser paints (a layout effect), so nothing said on opening is missed.
  useLayoutEffect(() => ctl.events.on('announce', live.announce), [ctl, live.announce]);
  useLayoutEffect(
    () =>
      ctl.events.on('error', (msg) => {
        if (msg !== DEPTH_ERROR) return onError(msg);
        // SPEC's alert, and said in the live region too (an alert can be suppressed, and a screen
        // reader user hears why the key did nothing); a refused insert also stays beside the topic
        // (RefusedNotice).
        ctl.say(msg);
        window.alert(msg);
        focusMap();
      }),
    [ctl, onError, focusMap],
  );

  const ctx: ActionContext = useMemo(
    () => ({
      ctl,
      ui: {
        // F2 / 编辑文字 / double click: always the node's own current text.
        editText: (id) => field.open(id, ctl.model.get(id)?.text ?? '', false),
        beginInsert: field.beginInsert,
        endInsert: field.endInsert,
        toSystemClipboard: (clip) => void writeClipboard(clip),
        paste: () => paste.fromMenu(),
        openDialog: setDialog,
        focusMap: () => focusMap(),
        // F6 / Shift+F6 go round map → toolbar → outline tree → map (a way out of the map, where Tab inserts).
        cycleRegion: (back) => cycleRegion(back, () => focusMap()),
        openFind: () => setFind((n) => n + 1),
        editSummary: (id) => field.openSummary(id),
        startRecall: onRecall,
        // The explicit command shows the whole map, readable or not (opening keeps a readable zoom).
        fit: () => canvasRef.current?.fitAll(2),
        // The label follows the canvas (onZoom), never a copy of the zoom kept here.
        zoom: (dir) => canvasRef.current?.zoomStep(dir),
      },
    }),
    [ctl],
  );
  const io = useImportExport(ctl, onError, () => focusMap(), retiredByImport);
  const paste = useMemo(() => mapPaste(ctl, onError), [ctl]);
  useFindShortcut(ctx.ui.openFind);

  // Set when the canvas is ready (MapStage), undone when the editor unmounts.
  const unbind = useRef<(() => void) | null>(null);
  const onCanvasReady = (canvas: MindmapCanvas) => {
    unbind.current?.();
    canvas.onZoom = (z) => ctl.camera.setZoom(z);
    canvas.onCameraRest = cameraRested;
    canvasRef.current = canvas;
    ctl.attach(canvas);
    const offInput = bindCanvasInput(canvas, ctl, {
      overlays,
      setPreview,
      activate: (id) => (ctl.state.readOnly ? (onActivate ?? (() => refuseReadOnly(ctl)))(id) : ctx.ui.editText(id)),
      editSummary: (id) => ctx.ui.editSummary?.(id),
      openMenu: () => openNodeMenu(),
      finishEdit: () => {
        const t = editing.current;
        if (!t) return false;
        // The same way out as a click elsewhere on the desktop: the field blurs (an IME ends its
        // composition, keeping the text) and its blur commits. A field without the focus commits directly.
        const f = keyTarget.current;
        if (f && document.activeElement === f) f.blur();
        if (editing.current === t) commitEdit(f?.value ?? t.text);
        // The keyboard that closes gives the map back its height: the edited node stays in view.
        requestAnimationFrame(() => t.id && canvasRef.current?.reveal(t.id));
        return true;
      },
      pointerDone: () => focusMap(true, true),
    });
    unbind.current = () => {
      offInput();
      ctl.detach();
    };
    void opening.open();
  };
  useEffect(
    () => () => {
      unbind.current?.();
      unbind.current = null;
      canvasRef.current = null;
    },
    [ctl],
  );

  // With a line selected alone, its menu (NodeMenu), placed on the line; a summary's on its topic.
  const openNodeMenu = () => {
    const line = menuLine(ctl);
    const sid = ctl.state.summary;
    const place = sid ? ctl.model.summaries.places.get(sid) : undefined;
    if (!stage.current || !canvasRef.current) return;
    if (line) openLineMenuAt(stage.current, canvasRef.current, line);
    else if (place) openSummaryMenuAt(stage.current, canvasRef.current, place);
    else if (ctl.primary) openMenuAt(stage.current, canvasRef.current, ctl.primary);
  };

  const keyDeps = {
    ctx,
    onActivate,
    openNodeMenu,
    cycleRegion: (back: boolean) => ctx.ui.cycleRegion(back),
    pasteFallback: () => paste.armFallback(),
  };

  // Keys and text in the order typed while the worker is busy (key-queue.ts).
  const queued = queuedInput(ctl, field, (k) => handleMapKey(k, keyDeps));
  const onTreeKey = (e: KeyboardEvent) => {
    if (editing.current || dialog) return;
    queued.key(e, false, () => {
      if (handleTreeRowArrow(e, ctl)) return;
      if (handleMapKey(e, keyDeps)) return;
      // A printable key on a tree row (not an editable element) starts editing with it.
      if (ctl.primary && !ctl.state.readOnly) {
        e.preventDefault();
        field.open(ctl.primary, e.key, true);
        keyTarget.current?.focus({ preventScroll: true });
      }
    });
  };

  const onPaste = (e: ClipboardEvent) => paste.onPaste(e, !!editing.current || !!dialog);

  const commitEdit = (typed: string) => {
    field.commit(typed);
    // Left by a click elsewhere: the focus stays where the user put it, unless it went nowhere.
    focusMap(false);
  };

  const toolbar = (
    <Toolbar ctx={ctx} onImportFile={io.pickFile} onImportPaste={io.pasteImport} onExport={(k) => void io.exportAs(k)}>
      {phone ? null : toolbarExtra}
    </Toolbar>
  );
  const hasKids = (id: string) => {
    const n = ctl.model.get(id);
    return !!n && ctl.model.hasChildren(n);
  };
  const tree = (
    <AriaTree
      ctl={ctl}
      extraMarks={(id) => [...ctl.doc.progress.marks(id), ...ctl.doc.mastery.marks(id, hasKids(id)), ...(extraMarks?.(id) ?? [])]}
      rowHeight={phone ? 44 : 26}
      onKeyDown={onTreeKey}
      onRowClick={() => focusMap(true, true)}
      onRowMenu={openNodeMenu}
      onToggle={(id) => void ctl.run(ctl.model.get(id)?.collapsed ? 'expand' : 'collapse', [[id]])}
      onActivate={onActivate ?? ((id) => ctx.ui.editText(id))}
      onSummaryActivate={(id) => ctx.ui.editSummary?.(id)}
    />
  );
  const anchor = (!ctl.primary && lineAnchor(canvasRef.current, lineState.selected)) || anchorOf(canvasRef.current, ctl.primary);
  return (
    <div
      className={`mind-editor is-${state.view}${phone ? ' is-phone' : ''}`}
      // Esc belongs to the map while a line is selected or being drawn: a dialog the map sits in
      // (历史版本's preview) leaves that Esc to it (EditorDialog)
      data-owns-escape={lineState.selected || lineState.linking ? '' : undefined}
      onPaste={onPaste}
      aria-busy={!opening.ready}
      onPointerDownCapture={(e) => {
        touched.current = e.pointerType === 'touch';
        // a press starts something new: keys after it are not for a refused topic
        ctl.keys.refused.end();
        live.acted();
      }}
      onKeyDownCapture={() => {
        touched.current = false;
        live.acted();
      }}
    >
      {phone ? <PhoneStatus zoom={state.zoom}>{toolbarExtra}</PhoneStatus> : toolbar}
      {find > 0 && <FindBar ctl={ctl} focusKey={find} onClose={() => (setFind(0), focusMap())} />}
      <div className="mind-editor__body">
        <ContextMenu.Root>
          <ContextMenu.Trigger asChild>
            <div
              ref={stage}
              className="mind-editor__stage"
              onContextMenu={(e) => {
                const c = canvasRef.current;
                const r = c?.element.getBoundingClientRect();
                if (!r) return;
                const [x, y] = [e.clientX - r.left, e.clientY - r.top];
                // On the line selected alone (a right click on it, Shift+F10): its menu stays its own.
                if (menuLine(ctl) && c?.relationAt(x, y) === ctl.relations.state.selected) return;
                const hit = c?.hitTest(x, y);
                if (hit && !ctl.state.selection.includes(hit)) ctl.select([hit], false);
              }}
            >
              <MapStage key={stageKey(ctl)} overlays={overlays} onReady={onCanvasReady} />
              {preview && <NotePreview state={preview} />}
              <RefusedNotice refused={ctl.keys.refused} anchor={anchor} />
              <RelationOverlay ctl={ctl} canvas={canvasRef.current} phone={phone} />
              {phone && <MultiSelectBanner ctl={ctl} />}
              {opening.failed && <OpeningFailed reason={opening.failed} onRetry={() => void opening.open()} />}
              <TextEditOverlay
                edit={edit}
                anchor={anchor}
                label={label}
                hintId={hintId}
                readOnly={state.readOnly}
                inputRef={keyTarget}
                onMapKey={(e) => !dialog && queued.key(e, true, () => handleMapKey(e, keyDeps))}
                onMapPaste={onPaste}
                onType={(v) => !queued.typeLater(v) && (!!editing.current || (!!ctl.primary && field.open(ctl.primary, v, true)) || ctl.relations.typeLabel(v))}
                onText={(v, composing) => editing.current && ctl.textEdit.typing(editing.current.id, v, composing)}
                onDefer={() => ctl.keys.pause()}
                onCommit={commitEdit}
                onCancel={field.cancel}
              />
              <span id={hintId} hidden>
                {state.readOnly ? HINT_READ : HINT_EDIT}
              </span>
              {/* The editor's one polite live region (live-region.tsx): the last edit
                  ("已添加子主题：…", "已标记已学") or the new selection, one message at a time. */}
              {live.region}
            </div>
          </ContextMenu.Trigger>
          <NodeMenu ctx={ctx} onClosed={() => focusMap()} />
        </ContextMenu.Root>
        <OutlineRegion ctl={ctl} canvas={canvasRef} phone={phone} sheet={sheet} onSheet={setSheet} tree={tree} toolbar={toolbar} />
      </div>
      {phone && <PhoneActionBar ctx={ctx} sheet={sheet} onSheet={setSheet} />}
      <NodeDialog ctl={ctl} kind={dialog} onClose={() => setDialog(null)} onError={onError} returnFocus={() => focusMap()} />
      {io.elements}
    </div>
  );
}
