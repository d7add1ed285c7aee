import type { KmNode } from '../model/types';

// kityminder's compatibility upgrade (reference §1.3). The steps fall through in order, so a
// 1.1.3 document gets all three. Text/markdown decoders return a bare node, which kityminder
// also runs through every step; we do the same so the output matches the fixtures.

type Raw = Record<string, unknown>;

// `delete` of a key that is absent still turns V8 objects into slow dictionaries, which made
// every later property read on 100k imported nodes slower; only delete what is there.
function drop(d: Raw, key: string): void {
  if (key in d) delete d[key];
}

function walk(node: KmNode, fn: (data: Raw) => void): void {
  const stack = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n && typeof n.data === 'object' && n.data) fn(n.data as Raw);
    if (Array.isArray(n?.children)) for (const c of n.children) stack.push(c);
  }
}

function versionOf(json: Raw): string {
  if (typeof json.version === 'string') return json.version;
  return json.root ? '1.4.0' : '1.1.3';
}

function lessThan(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const x = pa[i] || 0;
    const y = pb[i] || 0;
    if (x !== y) return x < y;
  }
  return false;
}

export function upgradeLegacy(input: Raw): Raw {
  let json = input;
  const version = versionOf(json);
  if (lessThan(version, '1.2.0')) {
    const rootNode = json as unknown as KmNode;
    const rootData = (rootNode.data ?? {}) as Raw;
    const style = rootData.currentstyle;
    drop(rootData, 'currentstyle');
    if (style === 'bottom') {
      json.template = 'structure';
      json.theme = 'snow';
    } else if (style === 'default') {
      json.template = 'default';
      json.theme = 'classic';
    }
    walk(rootNode, (d) => {
      if ('PriorityIcon' in d) {
        d.priority = d.PriorityIcon;
        delete d.PriorityIcon;
      }
      if ('ProgressIcon' in d) {
        d.progress = 1 + 2 * ((d.ProgressIcon as number) - 1);
        delete d.ProgressIcon;
      }
      drop(d, 'point');
      drop(d, 'layout');
    });
  }
  if (lessThan(version, '1.3.0')) {
    const root = (json.root ?? json) as KmNode;
    walk(root, (d) => {
      drop(d, 'layout_bottom_offset');
      drop(d, 'layout_default_offset');
      drop(d, 'layout_filetree_offset');
    });
  }
  if (lessThan(version, '1.4.0') && !json.root) {
    json = { root: { data: json.data, children: json.children }, template: json.template, theme: json.theme };
  }
  return json;
}
