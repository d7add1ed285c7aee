import pkg from 'kityminder-core/package.json';
import { expose, mapElement, type GenTree } from './common';

// kityminder-core (Baidu FEX) and its graphics library kity are classic scripts that set
// globals; kityminder.html loads both before this adapter.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const kityminder: any;
declare const kity: any;

const toKm = (t: GenTree): unknown => ({ data: { id: t.id, text: t.text }, children: t.children.map(toKm) });
let minder: any;

expose({
  name: 'kityminder-core',
  version: pkg.version,
  renderer: 'SVG (kity)',
  options: 'template default, theme fresh-blue, otherwise defaults; edit = AppendChildNode on the first level-1 topic',
  load(tree) {
    minder = new kityminder.Minder({ renderTo: mapElement() });
    minder.importJson({ root: toKm(tree), template: 'default', theme: 'fresh-blue' });
  },
  addChild() {
    minder.select(minder.getRoot().children[0] ?? minder.getRoot(), true);
    minder.execCommand('AppendChildNode', '新节点');
  },
  panBy(dx, dy) {
    minder.getViewDragger().move(new kity.Point(dx, dy));
  },
});
