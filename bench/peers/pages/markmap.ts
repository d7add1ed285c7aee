import { Transformer } from 'markmap-lib';
import { Markmap } from 'markmap-view';
import pkg from 'markmap-view/package.json';
import { expose, mapElement, type GenTree } from './common';

// markmap is a viewer: a map is Markdown turned into a tree (markmap-lib) and drawn as SVG with d3
// (markmap-view). It has no editing API, so an edit is the tree with one more child, set again.
const transformer = new Transformer();
const toMarkdown = (t: GenTree, depth = 0, out: string[] = []): string[] => {
  out.push(`${'  '.repeat(depth)}- ${t.text}`);
  for (const c of t.children) toMarkdown(c, depth + 1, out);
  return out;
};
let mm: Markmap;
type IPureNode = NonNullable<Parameters<Markmap['setData']>[0]>;
let root: IPureNode;

expose({
  name: 'markmap',
  version: pkg.version,
  renderer: 'SVG (d3)',
  options:
    'Markdown list → markmap-lib transform → markmap-view, duration 0 (no tween), otherwise defaults; edit = setData with one more child (viewer, no edit API)',
  async load(tree) {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('style', 'width:100%;height:100%');
    mapElement().append(svg);
    root = transformer.transform(toMarkdown(tree).join('\n')).root;
    mm = Markmap.create(svg, { duration: 0 });
    await mm.setData(root);
    await mm.fit();
  },
  async addChild() {
    const target = root.children[0] ?? root;
    target.children.push({ content: '新节点', children: [] });
    await mm.setData(root);
  },
  panBy(dx, dy) {
    mm.svg.call(mm.zoom.translateBy, dx, dy);
  },
});
