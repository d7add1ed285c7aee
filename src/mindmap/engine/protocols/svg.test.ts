import { describe, expect, it } from 'vitest';
import { MindEditor } from '../editor';
import type { KmDocument } from '../model/types';

// The SVG (and the PNG rasterised from it) draws what the canvas draws: theme shapes,
// shadows and the template connectors (reference §3.6, §4).

const km = (template: string, theme: string): KmDocument => ({
  root: {
    data: { id: 'r', text: '根' },
    children: [
      { data: { id: 'a', text: '甲' }, children: [{ data: { id: 'a1', text: '甲一' } }, { data: { id: 'a2', text: '甲二' } }] },
      { data: { id: 'b', text: '乙' } },
    ],
  },
  template,
  theme,
  version: '1.4.43',
});

/** A node's group: up to the next node's (markers are groups of their own inside it). */
const nodeSvg = (svg: string, id: string) => new RegExp(`<g data-id="${id}">(.*?)(?=<g data-id=|</g></svg>)`).exec(svg)![1];

describe('SVG export', () => {
  it('draws tianpan nodes as shadowed circles on their box (radius = half the side)', () => {
    const ed = new MindEditor();
    ed.load(km('tianpan', 'tianpan'));
    const svg = ed.exportData('svg');
    for (const id of ['r', 'a', 'a1']) {
      const [x, y, w, h] = ed.boxOf(id);
      expect(w, id).toBe(h);
      const g = nodeSvg(svg, id);
      expect(g).not.toContain('<rect');
      expect(g).toContain(`<circle cx="${x + w / 2 + 4}" cy="${y + h / 2 + 5}" r="${w / 2}" fill="rgba(0,0,0,.25)"/>`);
      expect(g).toMatch(new RegExp(`<circle cx="${x + w / 2}" cy="${y + h / 2}" r="${w / 2}" fill="#`));
    }
  });

  it('draws rect themes as rounded rects, shadowed only where the theme says', () => {
    const ed = new MindEditor();
    ed.load(km('default', 'classic'));
    const svg = ed.exportData('svg');
    expect(svg).not.toContain('<circle');
    const [x, y] = ed.boxOf('a');
    expect(nodeSvg(svg, 'a')).toContain(`<rect x="${x + 4}" y="${y + 5}"`); // main: shadowed
    expect(nodeSvg(svg, 'a1')).not.toContain('rgba(0,0,0,.25)'); // sub: no shadow
    ed.load(km('default', 'fresh-blue'));
    expect(ed.exportData('svg')).not.toContain('rgba(0,0,0,.25)');
  });

  it('chains tianpan arcs: the second child starts at the first one’s centre', () => {
    const ed = new MindEditor();
    ed.load(km('tianpan', 'tianpan'));
    const svg = ed.exportData('svg');
    const centre = (id: string) => {
      const [x, y, w, h] = ed.boxOf(id);
      return `${Math.round((x + w / 2) * 10) / 10},${Math.round((y + h / 2) * 10) / 10}`;
    };
    expect(svg).toContain(`<path d="M${centre('a1')}A`);
    expect(svg).toContain(` 0 0 1 ${centre('a2')}"`);
    expect(svg).toContain(`<path d="M${centre('a')}A`); // the first child from the parent
  });

  it('leaves a fish bone at its golden cut for level-2 lines', () => {
    const ed = new MindEditor();
    ed.load(km('fish-bone', 'fresh-blue'));
    const svg = ed.exportData('svg');
    const [x, y, w] = ed.boxOf('a'); // the upper bone: its children grow above it
    expect(svg).toContain(`<path d="M${Math.round((x + 0.382 * w) * 10) / 10},${y}L`);
  });

  it('draws every marker the canvas draws, left and right of the text, inside the box', () => {
    const ed = new MindEditor();
    ed.load({
      root: {
        data: { id: 'r', text: '根' },
        children: [
          { data: { id: 'a', text: '甲', priority: 2, progress: 5, isStudy: 1, isNow: 1, note: '备注', hyperlink: 'https://example.org', resource: ['重点'] } },
          { data: { id: 'b', text: '乙', isStudy: 1 } },
        ],
      },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    });
    const svg = ed.exportData('svg');
    const g = nodeSvg(svg, 'a');
    const order = [...g.matchAll(/data-marker="(\w+)"/g)].map((m) => m[1]);
    expect(order).toEqual(['progress', 'priority', 'study', 'now', 'link', 'note', 'resource']);
    expect(g).toContain('正在学');
    expect(g).toContain('>2</text>');
    expect(g).toContain('>重点</text>');
    expect(nodeSvg(svg, 'b')).toContain('data-marker="study"');
    // every icon lies inside the node's box
    const [x, , w] = ed.boxOf('a');
    for (const m of g.matchAll(/<rect x="([\d.-]+)" y="[\d.-]+" width="([\d.]+)"/g)) {
      expect(Number(m[1])).toBeGreaterThanOrEqual(x);
      expect(Number(m[1]) + Number(m[2])).toBeLessThanOrEqual(x + w + 0.01);
    }
  });

  it('keeps bold, italic and the CJK font stack of the canvas', () => {
    const ed = new MindEditor();
    ed.load({
      root: { data: { id: 'r', text: '根' }, children: [{ data: { id: 'a', text: '粗斜', 'font-weight': 'bold', 'font-style': 'italic' } }] },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    });
    const svg = ed.exportData('svg');
    expect(svg).toMatch(/^<svg [^>]*font-family: [^"]*Noto Sans CJK SC/);
    expect(nodeSvg(svg, 'a')).toMatch(/<text [^>]*font-weight="bold" font-style="italic"/);
    expect(nodeSvg(svg, 'r')).not.toContain('font-weight');
  });

  it('draws a node image at its fitted size above the text', () => {
    const ed = new MindEditor();
    ed.load({
      root: { data: { id: 'r', text: '根', image: '/img.png', imageSize: { width: 200, height: 100 } } },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    });
    const [x, y, w] = ed.boxOf('r');
    expect(w).toBeGreaterThanOrEqual(200);
    const g = nodeSvg(ed.exportData('svg'), 'r');
    expect(g).toContain(`<image href="/img.png" x="${x + (w - 200) / 2}" y="${y + 12}" width="200" height="100"`);
  });

  it('draws one strip of a huge map: only what touches the clip, in the full map’s coordinates', () => {
    const children = Array.from({ length: 200 }, (_, i) => ({ data: { id: `n${i}`, text: `节点${i}` } }));
    const ed = new MindEditor();
    ed.load({ root: { data: { id: 'r', text: '根' }, children }, template: 'right', theme: 'fresh-blue', version: '1.4.43' });
    const full = ed.exportData('svg');
    const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(full)!.map(Number);
    const strip = ed.exportData('svg', { x: 0, y: 0, w, h: 300 });
    expect(strip).toMatch(new RegExp(`^<svg [^>]*width="${w}" height="300" viewBox="0 0 ${w} 300" data-map-width="${w}" data-map-height="${h}"`));
    const ids = [...strip.matchAll(/<g data-id="(\w+)">/g)].map((m) => m[1]);
    expect(ids).toContain('n0');
    expect(ids).not.toContain('n199');
    expect(ids.length).toBeLessThan(30);
    const last = ed.exportData('svg', { x: 0, y: h - 300, w, h: 300 });
    expect(last).toContain('<g data-id="n199">');
    expect(last).not.toContain('<g data-id="n0">');
  });

  it('draws the study roll-up beside branches (3/8) and the percentage on the root; none without study nodes', () => {
    const ed = new MindEditor();
    const doc = km('default', 'fresh-blue');
    doc.root.children![0].children![0].data.isStudy = 1;
    ed.load(doc);
    expect(ed.exportData('svg')).not.toContain('data-progress');
    ed.setStudyNodes(['a1', 'a2', 'b']);
    const svg = ed.exportData('svg');
    const badges = [...svg.matchAll(/<g data-progress="(\d+\/\d+)"><title>([^<]*)<\/title>.*?<text[^>]*>([^<]*)<\/text><\/g>/g)].map((m) => [m[1], m[2], m[3]]);
    // The root (its percentage) and the branch 甲; the leaves 甲一, 甲二 and 乙 keep their ✓ only.
    expect(badges).toEqual([
      ['1/3', '学习进度 33%', '33%'],
      ['1/2', '已学 1/2', '1/2'],
    ]);
    // Beside the node: on its bottom-right corner, inside the exported picture.
    const [x, y, w, h] = ed.boxOf('a');
    const width = Number(/width="(\d+)"/.exec(svg)![1]);
    const rect = /<g data-progress="1\/2"><title>[^<]*<\/title><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"/.exec(svg)!;
    const ox = Number(/translate\(([-\d.]+),/.exec(svg)![1]);
    expect(Number(rect[1]) + Number(rect[3])).toBeCloseTo(x + w);
    expect(Number(rect[2])).toBeCloseTo(y + h - 7);
    expect(Number(rect[1]) + ox).toBeGreaterThan(0);
    expect(Number(rect[1]) + Number(rect[3]) + ox).toBeLessThanOrEqual(width);
  });

  it('paints a sub topic’s badge as the canvas does: on its bottom edge, under its title, never over it', () => {
    const ed = new MindEditor();
    const doc = km('default', 'fresh-blue');
    doc.root.children![0].children![0].children = [{ data: { id: 'a1x', text: '小节' } }];
    ed.load(doc);
    ed.setStudyNodes(['a1x']);
    const svg = ed.exportData('svg');
    // the level-3 node 甲一: its own group holds outline, then the badge, then the title on top
    const g = /<g data-id="a1">(.*?<\/tspan><\/text>)<\/g>/.exec(svg)![1];
    const badge = g.indexOf('<g data-progress="0/1">');
    const title = g.lastIndexOf('<text x=');
    expect(badge).toBeGreaterThan(0);
    expect(g.slice(title)).toContain('>甲一</tspan>');
    expect(badge).toBeLessThan(title);
    // centred on the box's bottom edge, right-aligned: canvas/progress-ring.ts#badgePlace
    const [x, y, w, h] = ed.boxOf('a1');
    const rect = /<g data-progress="0\/1"><title>[^<]*<\/title><rect x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)"/.exec(g)!;
    expect(Number(rect[2]) + Number(rect[4]) / 2).toBeCloseTo(y + h);
    expect(Number(rect[1]) + Number(rect[3])).toBeCloseTo(x + w);
  });
});

describe('SVG export of what the canvas shows beyond the nodes (outside walk B)', () => {
  it('draws an empty title as 分支主题 in a box that holds it, as the canvas and the outline exports do', () => {
    const ed = new MindEditor();
    const doc = km('default', 'fresh-blue');
    doc.root.children![1].data.text = '';
    ed.load(doc);
    const svg = ed.exportData('svg');
    expect(nodeSvg(svg, 'b')).toContain('>分支主题</tspan>');
    const [, , w] = ed.boxOf('b');
    const named = new MindEditor();
    named.load({ ...doc, root: { ...doc.root, children: [doc.root.children![0], { data: { id: 'b', text: '分支主题' } }] } });
    expect(w).toBe(named.boxOf('b')[2]);
  });

  it('marks a folded branch with the count of its hidden children beside it, where the canvas puts its expander', () => {
    const ed = new MindEditor();
    ed.load(km('default', 'fresh-blue'));
    expect(ed.exportData('svg')).not.toContain('class="collapsed"');
    ed.execute('collapse', [['a']]);
    const svg = ed.exportData('svg');
    expect(svg).not.toContain('甲一');
    const m =
      /<g class="collapsed"><circle cx="([\d.-]+)" cy="([\d.-]+)" r="9" fill="#fff" stroke="#999" stroke-width="1"\/><text [^>]*font-size="9" fill="#666">2<\/text><\/g>/.exec(
        svg,
      );
    expect(m).not.toBeNull();
    const [x, y, w, h] = ed.boxOf('a');
    const [rx] = ed.boxOf('r');
    // beside the box, away from the root, vertically centred
    expect(Math.abs(Number(m![1]) - (x < rx ? x - 11 : x + w + 11))).toBeLessThan(0.01);
    expect(Math.abs(Number(m![2]) - (y + h / 2))).toBeLessThan(0.01);
  });
});

describe('SVG export of relationship lines', () => {
  it('draws a dashed curve with the arrow marker and its label between drawn nodes only', () => {
    const ed = new MindEditor();
    const doc = km('default', 'fresh-blue');
    doc.relationships = [
      { id: 'x', from: 'a1', to: 'b', title: '因果 & 结果' },
      { id: 'y', from: 'a', to: 'gone' },
    ];
    ed.load(doc);
    const svg = ed.exportData('svg');
    // the arrowhead is its own filled path (no <marker>: the PDF export draws plain shapes only)
    expect(svg).not.toContain('<marker');
    expect(svg.match(/<path class="relation"/g)).toHaveLength(1);
    expect(svg).toMatch(/<path class="relation" data-from="a1" data-to="b" d="M[^"]+ C[^"]+" fill="none" stroke="#e8590c"[^>]*stroke-dasharray="6 4"/);
    expect(svg).toMatch(/<path class="relation-arrow" d="M[^"]+ L[^"]+ L[^"]+ Z" fill="#e8590c"\/>/);
    expect(svg).toContain('>因果 &amp; 结果</text>');
    // Folding a's branch hides a1: its line goes too.
    ed.execute('collapse', [['a']]);
    expect(ed.exportData('svg')).not.toContain('class="relation"');
  });

  it('a map without lines has no marker definition', () => {
    const ed = new MindEditor();
    ed.load(km('default', 'fresh-blue'));
    expect(ed.exportData('svg')).not.toContain('<marker');
  });
});

describe('SVG bounds with relationship lines', () => {
  it('grows the image to hold a line bowing out beyond the nodes', () => {
    const ed = new MindEditor();
    const doc = km('default', 'fresh-blue');
    ed.load(doc);
    const plain = ed.exportData('svg');
    doc.relationships = [
      {
        id: 'x',
        from: 'a1',
        to: 'b',
        controls: [
          { x: 0, y: -600 },
          { x: 0, y: -600 },
        ],
      },
    ];
    ed.load(doc);
    const height = (svg: string) => Number(/height="(\d+)"/.exec(svg)![1]);
    expect(height(ed.exportData('svg'))).toBeGreaterThan(height(plain) + 300);
  });
});
