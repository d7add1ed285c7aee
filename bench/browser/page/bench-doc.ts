import { KM_VERSION, type KmNode } from '../../../src/mindmap/engine/model/types';

// The bench's minimal document: the harness tree as a .km root, an id index and one edit
// (append child). The real editor edits through engine commands in the worker.

export interface BenchTree {
  id: string;
  text: string;
  children?: BenchTree[];
}

export class BenchDoc {
  root: KmNode = { data: { id: 'n0', text: '' } };
  private byId = new Map<string, { node: KmNode; level: number }>();
  private nextId = 0;

  load(tree: BenchTree): KmNode {
    this.byId.clear();
    const convert = (t: BenchTree, level: number): KmNode => {
      const node: KmNode = { data: { id: t.id, text: t.text }, children: [] };
      this.byId.set(t.id, { node, level });
      const n = Number(t.id.slice(1));
      if (n >= this.nextId) this.nextId = n + 1;
      if (t.children) for (const c of t.children) node.children!.push(convert(c, level + 1));
      return node;
    };
    this.root = convert(tree, 1);
    return this.root;
  }

  toKm() {
    return { root: this.root, template: 'right', theme: 'fresh-blue', version: KM_VERSION };
  }

  addChild(parentId: string): string {
    return this.addChildWithId(parentId, `n${this.nextId++}`);
  }

  /** Mirror of an insert done elsewhere (the engine mints its own ids). */
  addChildWithId(parentId: string, id: string): string {
    const p = this.byId.get(parentId);
    if (!p) throw new Error(`no node ${parentId}`);
    const node: KmNode = { data: { id, text: '分支主题' }, children: [] };
    (p.node.children ??= []).push(node);
    this.byId.set(id, { node, level: p.level + 1 });
    return id;
  }

  nodeOf(id: string): KmNode | undefined {
    return this.byId.get(id)?.node;
  }

  levelOf(id: string): number {
    return this.byId.get(id)?.level ?? 99;
  }

  *ids(): Iterable<string> {
    yield* this.byId.keys();
  }
}
