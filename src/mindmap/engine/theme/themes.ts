// Theme values from the kityminder reference §4 (clean-room numbers, no source copied).
// Only what layout and rendering need: per node type (root/main/sub) and theme-wide keys.

export type NodeType = 'root' | 'main' | 'sub';

export interface TypeStyle {
  color: string;
  background: string;
  stroke: string;
  strokeWidth: number;
  fontSize: number;
  /** [vertical, horizontal] */
  padding: [number, number];
  margin: [number, number];
  radius: number;
  space: number;
  shadow: string | null;
  shape: 'rect' | 'circle';
}

export interface Theme {
  name: string;
  background: string;
  connectColor: string;
  connectWidth: number;
  mainConnectWidth: number;
  lineHeight: number;
  selectedStroke: string;
  root: TypeStyle;
  main: TypeStyle;
  sub: TypeStyle;
}

const TEXTURE = '#3A4144';

function ts(p: Partial<TypeStyle> & Pick<TypeStyle, 'color' | 'background' | 'fontSize' | 'padding' | 'margin'>): TypeStyle {
  return { stroke: 'none', strokeWidth: 0, radius: 5, space: 5, shadow: null, shape: 'rect', ...p };
}

const FRESH: Record<string, [string, string, string]> = {
  // hue: [hsl(h,37,60), hsl(h,33,95), selected stroke hsl(h,26,30)]
  red: ['#bf7373', '#f6eeee', '#603939'],
  soil: ['#bf9373', '#f6f2ee', '#604939'],
  green: ['#73bf76', '#eef6ee', '#39603a'],
  blue: ['#73a1bf', '#eef3f6', '#395060'],
  purple: ['#7b73bf', '#efeef6', '#3d3960'],
  pink: ['#bf7394', '#f6eef2', '#60394a'],
};

function fresh(hue: string, compat: boolean): Theme {
  const [c60, c95, sel] = FRESH[hue];
  return {
    name: `fresh-${hue}${compat ? '-compat' : ''}`,
    background: '#fbfbfb',
    connectColor: c60,
    connectWidth: 1,
    mainConnectWidth: 1,
    lineHeight: 1.5,
    selectedStroke: sel,
    root: ts({
      color: 'white',
      background: c60,
      stroke: c60,
      strokeWidth: 1,
      fontSize: 16,
      padding: compat ? [6, 12] : [12, 24],
      margin: compat ? [10, 10] : [30, 100],
      radius: 5,
      space: 10,
    }),
    main: ts({ color: 'black', background: c95, stroke: c60, strokeWidth: 1, fontSize: 14, padding: [6, 20], margin: compat ? [8, 8] : [20, 20], radius: 3 }),
    sub: ts({ color: 'black', background: 'transparent', fontSize: 12, padding: compat ? [3, 5] : [5, 10], margin: compat ? [4, 8] : [15, 20] }),
  };
}

type Pads = [[number, number], [number, number], [number, number]];

function classicLike(name: string, sub: Partial<TypeStyle>, pads: Pads, margins: Pads, extra: Partial<Theme> = {}): Theme {
  const shadow = 'rgba(0,0,0,.25)';
  return {
    name,
    background: TEXTURE,
    connectColor: 'white',
    connectWidth: 2,
    mainConnectWidth: 3,
    lineHeight: 1.5,
    selectedStroke: 'rgb(254,219,0)',
    root: ts({
      color: '#430',
      background: '#e9df98',
      stroke: '#e9df98',
      strokeWidth: 1,
      fontSize: 24,
      padding: pads[0],
      margin: margins[0],
      radius: 30,
      space: 10,
      shadow,
    }),
    main: ts({
      color: '#333',
      background: '#a4c5c0',
      stroke: '#a4c5c0',
      strokeWidth: 1,
      fontSize: 16,
      padding: pads[1],
      margin: margins[1],
      radius: 10,
      shadow,
    }),
    sub: ts({ color: 'white', background: 'transparent', fontSize: 12, padding: pads[2], margin: margins[2], ...sub }),
    ...extra,
  };
}

function buildThemes(): Map<string, Theme> {
  const m = new Map<string, Theme>();
  for (const hue of Object.keys(FRESH)) {
    m.set(`fresh-${hue}`, fresh(hue, false));
    m.set(`fresh-${hue}-compat`, fresh(hue, true));
  }
  m.set(
    'classic',
    classicLike(
      'classic',
      {},
      [
        [15, 25],
        [6, 20],
        [5, 10],
      ],
      [
        [30, 100],
        [20, 20],
        [15, 20],
      ],
    ),
  );
  m.set(
    'classic-compact',
    classicLike(
      'classic-compact',
      {},
      [
        [10, 25],
        [5, 15],
        [5, 10],
      ],
      [
        [15, 25],
        [5, 10],
        [5, 10],
      ],
    ),
  );
  const snowSub = { color: 'black', background: 'white', stroke: 'white' };
  const snow = classicLike(
    'snow',
    snowSub,
    [
      [15, 25],
      [6, 20],
      [5, 10],
    ],
    [
      [30, 30],
      [20, 40],
      [10, 20],
    ],
  );
  snow.root.radius = snow.main.radius = 5;
  m.set('snow', snow);
  const snowC = classicLike(
    'snow-compact',
    snowSub,
    [
      [5, 10],
      [4, 10],
      [5, 10],
    ],
    [
      [15, 15],
      [5, 10],
      [5, 10],
    ],
  );
  snowC.root.radius = snowC.main.radius = 5;
  m.set('snow-compact', snowC);
  const fish = classicLike(
    'fish',
    snowSub,
    [
      [35, 35],
      [6, 20],
      [5, 10],
    ],
    [
      [30, 30],
      [20, 20],
      [10, 10],
    ],
    { connectWidth: 3 },
  );
  fish.root.radius = 100;
  fish.main.radius = 5;
  m.set('fish', fish);
  // tianpan sub-topics are shadowed circles too (reference §4.2), unlike classic's plain text.
  const tpSub = { color: '#333', background: '#99ca6a', stroke: '#a4c5c0', fontSize: 13, shape: 'circle' as const, shadow: 'rgba(0,0,0,.25)' };
  for (const compact of [false, true]) {
    const t = classicLike(
      compact ? 'tianpan-compact' : 'tianpan',
      tpSub,
      compact
        ? [
            [15, 15],
            [10, 10],
            [5, 5],
          ]
        : [
            [20, 20],
            [12, 12],
            [5, 5],
          ],
      compact
        ? [
            [15, 25],
            [10, 10],
            [6, 6],
          ]
        : [
            [100, 100],
            [12, 12],
            [10, 10],
          ],
      { lineHeight: 1.4 },
    );
    t.root.fontSize = 25;
    t.main.fontSize = 15;
    t.root.shape = t.main.shape = 'circle';
    m.set(t.name, t);
  }
  const wireType = ts({ color: '#999', background: 'black', fontSize: 14, padding: [10, 10], margin: [20, 20], radius: 0, space: 0 });
  m.set('wire', {
    name: 'wire',
    background: 'black',
    connectColor: '#999',
    connectWidth: 1,
    mainConnectWidth: 1,
    lineHeight: 1.5,
    selectedStroke: '#999',
    root: wireType,
    main: { ...wireType },
    sub: { ...wireType },
  });
  return m;
}

const THEMES = buildThemes();

/** The four offered in the picker; every other kityminder name still loads. */
export const PICKER_THEMES = ['fresh-blue', 'wire', 'classic', 'classic-compact'] as const;
export const DEFAULT_THEME = 'fresh-blue';

export function themeExists(name: string): boolean {
  return THEMES.has(name);
}

export function themeNames(): string[] {
  return [...THEMES.keys()];
}

export function getTheme(name: string): Theme {
  const t = THEMES.get(name);
  if (!t) throw new Error(`Theme ${name} not exists!（主题“${name}”不存在）`);
  return t;
}

export function nodeTypeForLevel(level: number): NodeType {
  return level <= 1 ? 'root' : level === 2 ? 'main' : 'sub';
}
