import { describe, expect, it } from 'vitest';
import { MindEditor } from '../engine/editor';
import { SlotDocument } from './slot-document';
import { nodeInDirection, treeRowStep } from './navigation';

// Arrow keys on the map as laid out by the engine (the default mind template: the first half of
// the main topics on the right, the rest on the left), and ← / → on the 大纲 tree's rows.

function laidOut(km: object): SlotDocument {
  const doc = new SlotDocument();
  doc.take(new MindEditor().load(JSON.stringify(km)));
  return doc;
}

const leaf = (id: string) => ({ data: { id, text: id } });
const MAP = {
  root: {
    data: { id: 'r', text: '中心主题' },
    children: [
      // right side: a folded branch, then one with children, then a leaf
      { data: { id: 'R1', text: '折叠的分支', expandState: 'collapse' }, children: [leaf('R1a'), leaf('R1b')] },
      { data: { id: 'R2', text: '展开的分支' }, children: [leaf('R2a'), leaf('R2b'), leaf('R2c'), leaf('R2d')] },
      leaf('R3'),
      // left side
      { data: { id: 'L1', text: '左边的分支' }, children: [leaf('L1a'), leaf('L1b')] },
      leaf('L2'),
      leaf('L3'),
    ],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

describe('arrow keys on a map laid out on both sides of the root', () => {
  const { model, store } = laidOut(MAP);
  const go = (id: string, dir: 'up' | 'down' | 'left' | 'right') => nodeInDirection(model, store, id, dir);

  it('away from the root a topic goes into its own branch only: a folded one and a leaf stay put', () => {
    expect(go('R1', 'right')).toBeUndefined();
    expect(go('R3', 'right')).toBeUndefined();
    expect(['R2a', 'R2b', 'R2c', 'R2d']).toContain(go('R2', 'right'));
    expect(['L1a', 'L1b']).toContain(go('L1', 'left'));
    expect(go('R2b', 'right')).toBeUndefined();
  });

  it('toward the root a main topic goes to the root, not to a sibling across it (one far above or below it too)', () => {
    for (const id of ['R1', 'R2', 'R3']) expect(go(id, 'left'), id).toBe('r');
    for (const id of ['L1', 'L2', 'L3']) expect(go(id, 'right'), id).toBe('r');
    // ten main topics of three children each: the outer ones lie far from the root's height
    const branch = (k: number) => ({ data: { id: `M${k}`, text: `分支${k}` }, children: [0, 1, 2].map((j) => leaf(`M${k}-${j}`)) });
    const wide = laidOut({ ...MAP, root: { data: { id: 'r', text: '中心主题' }, children: Array.from({ length: 10 }, (_, k) => branch(k)) } });
    for (let k = 0; k < 10; k++) expect(nodeInDirection(wide.model, wide.store, `M${k}`, k < 5 ? 'left' : 'right'), `M${k}`).toBe('r');
  });

  it('↑ / ↓ keep to the siblings on their side, past the middle of their parent too', () => {
    expect(go('R1', 'down')).toBe('R2');
    expect(go('R3', 'up')).toBe('R2');
    // two children above the parent's middle, two below: not the parent, nor a cousin
    expect(go('R2b', 'down')).toBe('R2c');
    expect(go('R2c', 'up')).toBe('R2b');
    expect(go('R2c', 'down')).toBe('R2d');
  });
});

describe('↑ / ↓ past an open sibling', () => {
  // case-01's shape: five chapters (three right, two left) of four sections of three points each
  const section = (id: string) => ({ data: { id, text: id }, children: ['核心概念', '实践步骤', '常见问题'].map((p) => leaf(`${id}-${p}`)) });
  const chapter = (id: string, sections: string[]) => ({ data: { id, text: id }, children: sections.map(section) });
  const { model, store } = laidOut({
    ...MAP,
    root: {
      data: { id: 'r', text: '校园二手交易平台' },
      children: [
        chapter('需求分析', ['用户调研', '用例建模', '需求规格说明书', '原型设计']),
        chapter('系统设计', ['总体架构', '数据库设计', '接口设计', '安全设计']),
        chapter('前端实现', ['页面布局', '商品列表', '发布商品', '即时消息']),
        chapter('后端实现', ['用户认证', '商品服务', '订单服务', '支付对接']),
        chapter('测试与部署', ['单元测试', '性能测试', '容器化部署', '上线运维']),
      ],
    },
  });
  const go = (id: string, dir: 'up' | 'down') => nodeInDirection(model, store, id, dir);

  it('go to the sibling drawn next on that side, not to the parent nor a cousin nearer by gap', () => {
    const sections = ['用户调研', '用例建模', '需求规格说明书', '原型设计'];
    for (let i = 0; i + 1 < sections.length; i++) {
      expect(go(sections[i], 'down'), sections[i]).toBe(sections[i + 1]);
      expect(go(sections[i + 1], 'up'), sections[i + 1]).toBe(sections[i]);
    }
    expect(go('容器化部署', 'up')).toBe('性能测试');
    expect(go('系统设计', 'down')).toBe('前端实现');
    expect(go('后端实现', 'down')).toBe('测试与部署');
  });
});

describe('← / → on a row of the 大纲 tree', () => {
  const { model } = laidOut(MAP);

  it('→ expands a folded row, else goes to its first child; nothing on a leaf', () => {
    expect(treeRowStep(model, 'R1', 'right')).toEqual({ expand: 'R1' });
    expect(treeRowStep(model, 'R2', 'right')).toEqual({ select: 'R2a' });
    expect(treeRowStep(model, 'L1', 'right')).toEqual({ select: 'L1a' });
    expect(treeRowStep(model, 'R3', 'right')).toBeNull();
  });

  it('← folds an open row, else goes to its parent, whichever side of the map it is drawn on', () => {
    expect(treeRowStep(model, 'R2', 'left')).toEqual({ collapse: 'R2' });
    expect(treeRowStep(model, 'L1', 'left')).toEqual({ collapse: 'L1' });
    expect(treeRowStep(model, 'R1', 'left')).toEqual({ select: 'r' });
    expect(treeRowStep(model, 'L1b', 'left')).toEqual({ select: 'L1' });
    expect(treeRowStep(model, 'r', 'left')).toEqual({ collapse: 'r' });
  });
});
