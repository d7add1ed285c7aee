// The visible tree by slot (scene-store.ts): each slot's parent slot and its children in sibling
// order. Read by subtree shifts and connectors (parents), and by the editor's tree model (rows,
// children); `shape` tells that model when its rows must be walked again.

const NO_SLOTS: readonly number[] = [];

export class SlotTree {
  /** Parent slot per slot; -1 none. */
  parent = new Int32Array(1024).fill(-1);
  /** Child slots per slot, in sibling order. */
  private kids: (number[] | undefined)[] = [];
  /** Bumped when the tree's shape changes (a node linked, unlinked or its children reordered); a text or box change keeps it. */
  shape = 0;

  reset(): void {
    this.kids = [];
    this.parent.fill(-1);
    this.shape++;
  }

  ensure(n: number): void {
    if (n <= this.parent.length) return;
    const next = new Int32Array(Math.max(n, this.parent.length * 2)).fill(-1);
    next.set(this.parent);
    this.parent = next;
  }

  /** Every slot's children (subtree runs are found over them). */
  get children(): readonly (readonly number[] | undefined)[] {
    return this.kids;
  }

  childSlots(s: number): readonly number[] {
    return this.kids[s] ?? NO_SLOTS;
  }

  /** A slot just (re)used: it is in the tree now. */
  added(): void {
    this.shape++;
  }

  /** Slot `s` under `ps` (-1: none) at sibling position `at` (past the end: last, as a preorder load comes). */
  link(s: number, ps: number, at: number): void {
    const old = this.parent[s];
    if (old >= 0) this.unlinkFrom(old, s);
    this.parent[s] = ps;
    this.shape++;
    if (ps < 0) return;
    const list = (this.kids[ps] ??= []);
    if (at >= 0 && at < list.length) list.splice(at, 0, s);
    else list.push(s);
  }

  /** The children of `ps` in the order `next` gives (slots the list lacks stay, last: every linked child must be walked by shifts). */
  order(ps: number, next: number[]): void {
    const old = this.kids[ps] ?? NO_SLOTS;
    const listed = next.filter((c) => this.parent[c] === ps);
    if (listed.length < old.length) {
      const have = new Set(listed);
      for (const c of old) if (!have.has(c)) listed.push(c);
    }
    if (listed.length === old.length && listed.every((c, i) => old[i] === c)) return;
    this.kids[ps] = listed;
    this.shape++;
  }

  /** Slot `s` leaves the tree; its children keep their slots, parentless until their own removal arrives. */
  remove(s: number): void {
    if (this.parent[s] >= 0) this.unlinkFrom(this.parent[s], s);
    this.parent[s] = -1;
    for (const c of this.kids[s] ?? []) this.parent[c] = -1;
    this.kids[s] = undefined;
    this.shape++;
  }

  private unlinkFrom(parent: number, s: number): void {
    const list = this.kids[parent];
    const i = list ? list.indexOf(s) : -1;
    if (i >= 0) list!.splice(i, 1);
  }
}
