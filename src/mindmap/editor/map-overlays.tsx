import { extend } from '@pixi/react';
import { Container, Graphics, Text } from 'pixi.js';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { FONT_FAMILY } from '../canvas/fonts';
import type { MindmapCanvas } from '../canvas/mindmap-canvas';
import { drawMarks, type OverlayStore } from './overlay-state';

// The editor's overlay layers above the node layer, as React-owned Pixi objects (@pixi/react):
// selection rings and find highlights (world space, redrawn each painted frame: their widths and
// culling follow the camera), the drop indicator of a tree drag (world space), the marquee and
// the drag ghost (screen space). Pointer input sets what they show through the OverlayStore,
// which re-renders only these layers, never the editor around them (overlay-state.ts). The node
// layer stays imperative.

extend({ Container, Graphics, Text });

/** The drag ghost's outline: the marquee's blue (selection rings are 0x1677ff). */
const GHOST_STROKE = 0x1f6feb;
/** A drop the rules refuse (the depth rule). */
const REFUSED = 0xd93025;

export function MapOverlays({ canvas, store }: { canvas: MindmapCanvas; store: OverlayStore }) {
  const { marquee, drop, dropRefused, ghost } = useSyncExternalStore(store.subscribe, store.get);
  const world = useRef<Container>(null);
  const marks = useRef<Graphics>(null);

  // World layers follow the camera; the marks are redrawn in each painted frame.
  useEffect(
    () =>
      canvas.addFrameHook((camera, view) => {
        const w = world.current;
        if (!w || w.destroyed) return; // unmounted: this layer's removal is on its way
        w.position.set(camera.tx, camera.ty);
        w.scale.set(camera.zoom);
        if (marks.current && !marks.current.destroyed) drawMarks(marks.current, canvas, camera, view);
      }),
    [canvas],
  );
  // A committed change is on screen with the next painted frame.
  useEffect(() => canvas.invalidate(), [canvas, marquee, drop, dropRefused, ghost]);

  const px = 1 / canvas.camera.zoom;
  return (
    <>
      <pixiContainer ref={world} label="world-overlays">
        <pixiGraphics ref={marks} label="marks" draw={() => {}} />
        <pixiGraphics
          label="drop"
          draw={(g) => {
            g.clear();
            if (drop && dropRefused)
              // Not a target: a red outline crossed out, so the finger or pointer is told before letting go.
              g.roundRect(drop.x, drop.y, drop.w, drop.h, 4 * px)
                .stroke({ color: REFUSED, width: 2 * px })
                .moveTo(drop.x, drop.y + drop.h)
                .lineTo(drop.x + drop.w, drop.y)
                .stroke({ color: REFUSED, width: 2 * px });
            else if (drop)
              g.roundRect(drop.x, drop.y, drop.w, drop.h, 4 * px)
                .fill({ color: 0xff9900, alpha: 0.35 })
                .stroke({ color: 0xff9900, width: 2 * px });
          }}
        />
      </pixiContainer>
      <pixiGraphics
        label="marquee"
        draw={(g) => {
          g.clear();
          if (marquee) g.rect(marquee.x, marquee.y, marquee.w, marquee.h).fill({ color: 0x1f6feb, alpha: 0.12 }).stroke({ color: 0x1f6feb, width: 1 });
        }}
      />
      {ghost && (
        <pixiContainer label="drag-ghost" x={ghost.x} y={ghost.y}>
          <pixiGraphics
            draw={(g) => {
              g.clear();
              g.roundRect(0, 0, ghost.w, ghost.h, 4)
                .fill({ color: 0xffffff, alpha: 0.85 })
                .stroke({ color: dropRefused ? REFUSED : GHOST_STROKE, width: 2 });
            }}
          />
          <pixiText
            text={ghost.text}
            anchor={0.5}
            x={ghost.w / 2}
            y={ghost.h / 2}
            style={{ fontSize: ghost.fontSize, fill: 0x333333, fontFamily: FONT_FAMILY }}
          />
          {!!ghost.more && (
            <pixiText
              text={`+${ghost.more}`}
              anchor={{ x: 0, y: 1 }}
              x={ghost.w + 4}
              y={0}
              style={{ fontSize: 12, fill: dropRefused ? REFUSED : GHOST_STROKE, fontFamily: FONT_FAMILY, fontWeight: 'bold' }}
            />
          )}
        </pixiContainer>
      )}
    </>
  );
}
