// How a node arranges its children. Stored per node slot in a Uint8Array.
export const K = {
  RIGHT: 0,
  LEFT: 1,
  BOTTOM: 2,
  TOP: 3,
  FT_DOWN: 4,
  FT_UP: 5,
  FB_MASTER: 6,
  FB_UP: 7, // fish-bone bone above the spine
  FB_DOWN: 8, // fish-bone bone below the spine
  TIANPAN: 9,
  MIND: 10,
} as const;

/** The .km name of a kind, used for layout_<name>_offset keys (keyed by the parent's layout). */
export const KIND_NAMES = [
  'right',
  'left',
  'bottom',
  'top',
  'filetree-down',
  'filetree-up',
  'fish-bone-master',
  'fish-bone-slave',
  'fish-bone-slave',
  'tianpan',
  'mind',
];

const BY_NAME: Record<string, number> = {
  right: K.RIGHT,
  left: K.LEFT,
  bottom: K.BOTTOM,
  top: K.TOP,
  'filetree-down': K.FT_DOWN,
  'filetree-up': K.FT_UP,
  'fish-bone-master': K.FB_MASTER,
  'fish-bone-slave': K.FB_DOWN,
  tianpan: K.TIANPAN,
  mind: K.MIND,
};

export type Connector = 'arc' | 'under' | 'bezier' | 'poly' | 'l' | 'fish-bone' | 'line' | 'arc_tp';

/** Kind of `node` from its template, own override, parent kind and index (reference §3.5). */
export function kindFor(template: string, own: unknown, parentKind: number, depth: number, index: number, count: number): number {
  if (typeof own === 'string' && own in BY_NAME) {
    const k = BY_NAME[own];
    if (k === K.FB_DOWN && parentKind === K.FB_MASTER) return index % 2 === 0 ? K.FB_UP : K.FB_DOWN;
    return k;
  }
  if (depth === 0) {
    switch (template) {
      case 'right':
        return K.RIGHT;
      case 'structure':
      case 'filetree':
        return K.BOTTOM;
      case 'fish-bone':
        return K.FB_MASTER;
      case 'tianpan':
        return K.TIANPAN;
      default:
        return K.MIND;
    }
  }
  if (parentKind === K.MIND) {
    return index < Math.ceil(count / 2) ? K.RIGHT : K.LEFT;
  }
  if (parentKind === K.FB_MASTER) return index % 2 === 0 ? K.FB_UP : K.FB_DOWN;
  if (parentKind === K.FB_UP) return K.FT_DOWN;
  if (parentKind === K.FB_DOWN) return K.FT_UP;
  if (depth === 1 && template === 'filetree') return K.FT_DOWN;
  return parentKind;
}

/** Connector drawn from a parent of kind `parentKind` to a child at `depth` (reference §3.5). */
export function connectorFor(template: string, parentKind: number, depth: number): Connector {
  switch (template) {
    case 'right':
      return depth === 1 ? 'arc' : 'bezier';
    case 'structure':
      return 'poly';
    case 'filetree':
      return depth === 1 ? 'poly' : 'l';
    case 'fish-bone':
      return depth === 1 ? 'fish-bone' : depth === 2 ? 'line' : 'l';
    case 'tianpan':
      return 'arc_tp';
    default:
      if (parentKind === K.BOTTOM || parentKind === K.TOP) return 'poly';
      if (parentKind === K.FT_DOWN || parentKind === K.FT_UP) return 'l';
      return depth === 1 ? 'arc' : 'under';
  }
}
