// Level of detail. Below ~7 CSS px a CJK glyph is an unreadable smudge (checked on
// screenshots: 12 px sub-topics at 50 % are noise), yet rasterising it is the
// most expensive thing the Canvas renderer does; so labels vanish below that size, and at the
// smallest zooms boxes lose their rounded corners and markers (plain rects fill fastest).

export const MIN_LABEL_PX = 7;

export interface Lod {
  /** Smallest font size (world px) that still gets a label at this zoom. */
  minLabelFont: number;
  markers: boolean;
  rounded: boolean;
  /** Label raster scale: zooming in past 100 % re-rasterises labels at 2× once, not per frame. */
  labelScale: number;
  /** Connectors drawn as straight segments instead of curves. */
  straightConnectors: boolean;
}

export function lodFor(zoom: number): Lod {
  return {
    minLabelFont: MIN_LABEL_PX / zoom,
    markers: zoom >= 0.5,
    rounded: zoom >= 0.5,
    labelScale: zoom > 1 ? 2 : 1,
    straightConnectors: zoom < 0.5,
  };
}

export function showsLabel(lod: Lod, fontSize: number): boolean {
  return fontSize >= lod.minLabelFont - 1e-9;
}

/** Two LODs draw the same geometry, so a zoom step between them needs no box redraw. */
export function sameGeometry(a: Lod, b: Lod): boolean {
  return a.markers === b.markers && a.rounded === b.rounded && a.straightConnectors === b.straightConnectors;
}
