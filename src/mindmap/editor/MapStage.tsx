import { Application } from '@pixi/react';
import type { Application as PixiApplication } from 'pixi.js';
import { useCallback, useEffect, useRef, useState, type ComponentProps } from 'react';
import { MindmapCanvas } from '../canvas/mindmap-canvas';
import { MapOverlays } from './map-overlays';
import type { OverlayStore } from './overlay-state';
import { loadNodeImage } from './node-image';

// The map's Pixi Application, mounted and destroyed by React (@pixi/react) with the renderer the
// probe chose (WebGL on a real GPU, else the Canvas renderer; canvas/renderer-probe.ts) and no
// ticker (the canvas paints on demand). Once it is initialised, the imperative node layer
// (MindmapCanvas) attaches to it and the React overlay layers mount above it.

interface Props {
  overlays: OverlayStore;
  /** The canvas is attached and ready for the controller, pointer input and the document. */
  onReady(canvas: MindmapCanvas): void;
}

export function MapStage({ overlays, onReady }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [canvas, setCanvas] = useState<MindmapCanvas | null>(null);
  // One canvas per mount: its options carry the probe's renderer choice into Application's init.
  const [pending] = useState(() => new MindmapCanvas());
  // @pixi/react's props type predates Pixi 8's Canvas renderer ('canvas' preference); init passes it through.
  const [options] = useState(() => pending.applicationOptions() as ComponentProps<typeof Application>);
  const ready = useRef(onReady);
  ready.current = onReady;
  const current = useRef<MindmapCanvas | null>(null);

  const onInit = useCallback(
    (app: PixiApplication) => {
      // StrictMode (dev) may mount the Application twice: start again from a fresh canvas.
      const c = current.current ? new MindmapCanvas() : pending;
      if (c !== pending) c.applicationOptions(pending.rendererKind);
      current.current?.destroy();
      c.attach(app, host.current!, { images: loadNodeImage });
      current.current = c;
      setCanvas(c);
      ready.current(c);
    },
    [pending],
  );
  useEffect(
    () => () => {
      current.current?.destroy();
      current.current = null;
    },
    [],
  );

  return (
    <div ref={host} className="mind-editor__canvas" role="img" aria-label="思维导图画布（选中主题后可用键盘操作，也可使用右侧大纲）">
      <Application {...options} onInit={onInit}>
        {canvas && <MapOverlays canvas={canvas} store={overlays} />}
      </Application>
    </div>
  );
}
