import { describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, MAX_DOCUMENT_JSON_DEPTH, MAX_NODE_DEPTH, MAX_NODES, MAX_VALUE_DEPTH, documentProblem, isRefusedField } from './limits';
import type { KmNode } from './types';

const chain = (levels: number): { root: KmNode } => {
  let node: KmNode = { data: { text: `L${levels}` } };
  for (let l = levels - 1; l >= 1; l--) node = { data: { text: `L${l}` }, children: [node] };
  return { root: node };
};
const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let d = 1; d < depth; d++) v = [v];
  return v;
};
function jsonDepth(v: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[v, 1]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    max = Math.max(max, d);
    if (x && typeof x === 'object') for (const c of Object.values(x)) stack.push([c, d + 1]);
  }
  return max;
}

describe('documentProblem', () => {
  it('accepts a map of any depth up to MAX_NODE_DEPTH — deeper than the level-4 insert rule', () => {
    expect(documentProblem(chain(5))).toBeNull();
    expect(documentProblem(chain(MAX_NODE_DEPTH))).toBeNull();
    expect(documentProblem(chain(MAX_NODE_DEPTH + 1))).toBe(LIMIT_MESSAGES.depth);
  });

  it('bounds the nesting of every value in a node, not only children', () => {
    const at = (value: unknown, key = 'x') => ({ root: { data: { text: 'r', [key]: value } } });
    expect(documentProblem(at(nested(MAX_VALUE_DEPTH - 1)))).toBeNull(); // data itself is level 1
    expect(documentProblem(at(nested(MAX_VALUE_DEPTH)))).toBe(LIMIT_MESSAGES.valueDepth);
    expect(documentProblem({ root: { data: {}, extra: nested(MAX_VALUE_DEPTH + 1) } })).toBe(LIMIT_MESSAGES.valueDepth);
    expect(documentProblem({ root: { data: {} }, theme: nested(MAX_VALUE_DEPTH + 1) })).toBe(LIMIT_MESSAGES.valueDepth);
    expect(documentProblem({ root: { data: {} }, deep: nested(100_000) })).toBe(LIMIT_MESSAGES.valueDepth);
  });

  it('a document at every limit nests no deeper than MAX_DOCUMENT_JSON_DEPTH, which JSON.stringify handles', () => {
    const doc = chain(MAX_NODE_DEPTH);
    let leaf = doc.root;
    while (leaf.children) leaf = leaf.children[0];
    leaf.data.deep = nested(MAX_VALUE_DEPTH - 1);
    expect(documentProblem(doc)).toBeNull();
    expect(jsonDepth(doc)).toBeLessThanOrEqual(MAX_DOCUMENT_JSON_DEPTH);
    expect(() => JSON.stringify(doc)).not.toThrow();
  });

  it('counts nodes', () => {
    const many = { root: { data: {}, children: Array.from({ length: MAX_NODES - 1 }, () => ({ data: {} })) } };
    expect(documentProblem(many)).toBeNull();
    many.root.children.push({ data: {} });
    expect(documentProblem(many)).toBe(LIMIT_MESSAGES.nodes);
  });

  it('refuses __proto__ and constructor.prototype keys anywhere, as JSON.parse leaves them', () => {
    for (const text of [
      '{"__proto__":{},"root":{"data":{}}}',
      '{"root":{"__proto__":{},"data":{}}}',
      '{"root":{"data":{"__proto__":{"x":1}}}}',
      '{"root":{"data":{"a":[{"b":{"__proto__":1}}]}}}',
      '{"root":{"data":{}},"children":[]}'.replace('"children":[]', '"x":{"constructor":{"prototype":{}}}'),
      '{"root":{"data":{},"children":[{"data":{"constructor":{"prototype":1}}}]}}',
    ])
      expect(documentProblem(JSON.parse(text)), text).toBe(LIMIT_MESSAGES.prototype);
    expect(documentProblem(JSON.parse('{"root":{"data":{"constructor":"c","prototype":{}}}}'))).toBeNull();
  });

  it('refuses an own toString that is not a function anywhere: such a value throws when turned into text or a number', () => {
    for (const text of [
      '{"root":{"data":{"font-size":{"toString":true}}}}',
      '{"root":{"data":{"text":"t","resource":[{"toString":"x"}]}}}',
      '{"root":{"data":{},"children":[{"data":{"layout":[[{"toString":null}]]}}]}}',
      '{"root":{"data":{},"toString":1}}',
      '{"root":{"data":{}},"relationships":[{"toString":{}}]}',
    ]) {
      const doc = JSON.parse(text);
      expect(() => JSON.stringify(doc) && `${JSON.stringify(doc)}`).not.toThrow();
      expect(documentProblem(doc), text).toBe(LIMIT_MESSAGES.prototype);
    }
    expect(documentProblem({ root: { data: { note: { toString: () => 'ok', valueOf: 1 } } } })).toBeNull();
    expect(documentProblem(JSON.parse('{"root":{"data":{"custom":{"valueOf":true,"toStrings":1}}}}'))).toBeNull();
  });

  it('names a node field a save would refuse, for its key or for what it holds at any depth', () => {
    const fields = JSON.parse(
      '{"__proto__":{},"toString":1,"constructor":{"prototype":{}},"a":{"b":[{"toString":"x"}]},"ok":{"valueOf":1},"n":3,"c":"constructor"}',
    );
    expect(Object.keys(fields).filter((k) => isRefusedField(k, fields[k]))).toEqual(['__proto__', 'toString', 'constructor', 'a']);
  });

  it('names malformed structure', () => {
    expect(documentProblem(null)).toBe(LIMIT_MESSAGES.noRoot);
    expect(documentProblem({ root: [] })).toBe(LIMIT_MESSAGES.noRoot);
    expect(documentProblem({ root: { text: 'x' } })).toBe(LIMIT_MESSAGES.noData);
    expect(documentProblem({ root: { data: {}, children: {} } })).toBe(LIMIT_MESSAGES.children);
    expect(documentProblem({ root: { data: {}, children: [null] } })).toBe(LIMIT_MESSAGES.noData);
  });
});
