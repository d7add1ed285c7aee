import type { ClipboardEvent } from 'react';
import type { MapClip } from '../engine/commands/clipboard';
import { INVALID } from '../engine/protocols/notices';
import { clipFromClipboard, readClipboard } from './clipboard';
import type { EditorController } from './controller';
import { putImage, uploadError } from './dialogs';
import { userMessage } from './messages';

// Pasting into the map: the paste event (Ctrl+V) brings the system clipboard — an image for the
// selected nodes, subtrees from this or another map, or indented text from another app; the
// 粘贴 menu item reads it through the async API; the map's own clipboard is the fallback when
// the system one is empty, unreadable, or no paste event came (a non-editable tree row).

export interface MapPaste {
  /** The paste event on the map (keyboard target or tree row). */
  onPaste(e: ClipboardEvent, busy: boolean): void;
  /** 粘贴 from the menu. */
  fromMenu(): Promise<void>;
  /** Ctrl+V was pressed: the map's own clipboard if no paste event follows. */
  armFallback(): void;
}

export function mapPaste(ctl: EditorController, onError: (msg: string) => void): MapPaste {
  let timer = 0;
  return {
    onPaste(e, busy) {
      window.clearTimeout(timer);
      if (busy || ctl.state.readOnly || !ctl.state.selection.length) return;
      e.preventDefault();
      const file = [...e.clipboardData.items].find((i) => i.type.startsWith('image/'))?.getAsFile();
      if (file) {
        putImage(ctl, ctl.state.selection, file, file.name || 'image.png').catch((err: unknown) => onError(uploadError(err)));
        return;
      }
      let clip: MapClip;
      try {
        clip = clipFromClipboard(e.clipboardData.getData('text/html'), e.clipboardData.getData('text/plain'));
      } catch (err) {
        onError(userMessage(err));
        return;
      }
      if (clip.nodes.length) void ctl.io.paste(clip);
      else if (ctl.state.hasClipboard) void ctl.io.paste();
    },
    async fromMenu() {
      let clip: MapClip | undefined;
      try {
        clip = await readClipboard();
      } catch (err) {
        // Text that is not an outline is reported; an unreadable clipboard (permission refused)
        // falls back to the map's own.
        // (the engine's message is the SPEC words, then where and why in Chinese)
        if (err instanceof Error && err.message.startsWith(INVALID)) return onError(err.message);
      }
      await ctl.io.paste(clip?.nodes.length ? clip : undefined);
    },
    armFallback() {
      window.clearTimeout(timer);
      if (ctl.state.hasClipboard && ctl.state.selection.length) timer = window.setTimeout(() => void ctl.io.paste(), 80);
    },
  };
}
