// Level of detail. Below ~6 CSS px a CJK glyph is an unreadable smudge, yet rasterising it is the
// most expensive thing the Canvas renderer does; so labels vanish below that size, and at the
// smallest zooms boxes lose their rounded corners and markers (plain rects fill fastest).
// 6, not 7: every theme's smallest topic font is 12 px, and at 50 % (one Ctrl+- from 75 %) a
// student must still read level-3/4 titles (a 7 px rule turned them all into grey bars); bars
// only start at 25 %.

export const MIN_LABEL_PX = 6;
/**
 * Up to this many topics every label is drawn at every zoom: a small map costs little to
 * rasterise, and at 25 % (适应画布 of a 74-topic map) grey bars in place of titles read as a broken
 * map (issue 31.15); tiny text still shows which topic is which. Bars stay for big maps.
 */
export const SMALL_MAP_NODES = 500;
/** Below this zoom a progress ring (r 4) is a dot: not drawn. */
export const MIN_RING_ZOOM = 0.25;

export interface Lod {
  /** Smallest font size (world px) that still gets a label at this zoom. */
  minLabelFont: number;
  markers: boolean;
  rounded: boolean;
  /** Label raster scale: zooming in past 100 % re-rasterises labels at 2× once, not per frame. */
  labelScale: number;
  /** Connectors drawn as straight segments instead of curves. */
  straightConnectors: boolean;
  /** Study progress rings on branches (their "3/8" follows the label rule, showsLabel). */
  progressRings: boolean;
}

export function lodFor(zoom: number, nodes = Infinity): Lod {
  return {
    minLabelFont: nodes <= SMALL_MAP_NODES ? 0 : MIN_LABEL_PX / zoom,
    markers: zoom >= 0.5,
    rounded: zoom >= 0.5,
    labelScale: zoom > 1 ? 2 : 1,
    straightConnectors: zoom < 0.5,
    progressRings: zoom >= MIN_RING_ZOOM,
  };
}

export function showsLabel(lod: Lod, fontSize: number): boolean {
  return fontSize >= lod.minLabelFont - 1e-9;
}

/** Two LODs draw the same geometry, so a zoom step between them needs no box redraw. */
export function sameGeometry(a: Lod, b: Lod): boolean {
  return a.markers === b.markers && a.rounded === b.rounded && a.straightConnectors === b.straightConnectors && a.progressRings === b.progressRings;
}
