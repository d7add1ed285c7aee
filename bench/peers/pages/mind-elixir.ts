import MindElixir, { type MindElixirInstance, type NodeObj } from 'mind-elixir';
import 'mind-elixir/style.css';
import pkg from 'mind-elixir/package.json';
import { expose, mapElement, type GenTree } from './common';

const toNode = (t: GenTree): NodeObj => ({ id: t.id, topic: t.text, children: t.children.map(toNode) });
let mind: MindElixirInstance;
let added = 0;

expose({
  name: 'mind-elixir',
  version: pkg.version,
  renderer: 'DOM (HTML topics, SVG links)',
  options: 'direction SIDE, otherwise defaults; edit = addChild on the first level-1 topic',
  load(tree) {
    mind = new MindElixir({ el: mapElement(), direction: MindElixir.SIDE });
    const err = mind.init({ nodeData: toNode(tree) });
    if (err) throw err;
  },
  async addChild() {
    await mind.addChild(mind.findEle('n1'), { id: `added${added++}`, topic: '新节点' });
  },
  panBy(dx, dy) {
    mind.move(dx, dy);
  },
});
