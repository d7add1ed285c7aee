import MindMap from 'simple-mind-map';
import pkg from 'simple-mind-map/package.json';
import { expose, mapElement, type GenTree } from './common';

/* eslint-disable @typescript-eslint/no-explicit-any */
const toData = (t: GenTree): unknown => ({ data: { text: t.text, uid: t.id }, children: t.children.map(toData) });
let mm: any;
const rendered = () => new Promise<void>((done) => mm.once?.('node_tree_render_end', done) ?? mm.on('node_tree_render_end', done));

expose({
  name: 'simple-mind-map',
  version: pkg.version,
  renderer: 'SVG (svg.js)',
  options: 'layout logicalStructure, theme default, otherwise defaults; edit = INSERT_CHILD_NODE on the first level-1 topic',
  async load(tree) {
    const el = mapElement();
    mm = new (MindMap as any)({ el, data: toData(tree) });
    await rendered();
  },
  async addChild() {
    const node = mm.renderer.root.children[0] ?? mm.renderer.root;
    const done = rendered();
    mm.execCommand('INSERT_CHILD_NODE', false, [node], { text: '新节点' });
    await done;
  },
  panBy(dx, dy) {
    mm.view.translateXY(dx, dy);
  },
});
