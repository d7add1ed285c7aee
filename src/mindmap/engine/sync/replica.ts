import type { Change } from '../model/change';
import { applyLenient, bringBackTyped, kmTitle, replay, revert, sameFieldSaid, sameValue, type AppliedSet, type ChangeSet } from '../model/change-set';
import type { MindDoc } from '../model/doc';
import type { KmNode } from '../model/types';
import { Concurrent, VIEW_KEYS, fieldKey, tabOfSet } from '../model/concurrent';

/**
 * One copy of a map that syncs with the server by change sets (the model tldraw sync uses):
 * edits apply here at once and wait in order — `outbox` not yet sealed into a set, `pending` sets
 * sent or to send. When the server answers with the sets it applied since `version` (ours among
 * them, in its order), the local edits are taken back, the server's sets replayed as it applied
 * them, and what is still unacknowledged re-applied on top (applyLenient's rules): every copy
 * ends with the server's map plus its own unsent edits, and the server's map is the same for all.
 */
const DELETED_KEPT = 500;
const WRITES_KEPT = 500;

export class Replica {
  /** The server version the document holds once `pending` and `outbox` are taken back. */
  version: number;
  private pending: ChangeSet[] = [];
  private outbox: Change[] = [];
  /** The version the outbox's changes were made on. */
  private outboxBase = 0;
  private seq: number;
  /** Topics deleted here (the latest DELETED_KEPT): another's set bringing one back is said. */
  private readonly deletedHere = new Set<string>();
  /** Fields this tab set, as the server acknowledged them (the latest WRITES_KEPT): another's set made at once replacing one is said. */
  private readonly written = new Map<string, { version: number; after: unknown }>();

  /** Node keys that are this student's own overlay on a shared map (their 已学 / 正在学): never sent, never taken from others. */
  private readonly overlay: ReadonlySet<string>;

  constructor(
    readonly tab: string,
    version: number,
    restored: { pending?: ChangeSet[]; seq?: number; overlay?: readonly string[] } = {},
  ) {
    this.overlay = new Set(restored.overlay ?? []);
    this.version = version;
    this.pending = restored.pending ? restored.pending.map((s) => ({ ...s, changes: s.changes.slice() })) : [];
    this.seq = restored.seq ?? 0;
  }

  /** Edits made here (a command, an undo, a redo), as the document recorded them. */
  record(changes: readonly Change[]): void {
    for (const c of changes) if (c.op === 'remove') this.deletedHere.add(c.node.data.id as string);
    if (this.deletedHere.size > DELETED_KEPT) this.deletedHere.delete(this.deletedHere.values().next().value as string);
    if (!changes.length) return;
    // a set holds the changes made on one version: made after news came, they start a new one
    if (this.outbox.length && this.outboxBase !== this.version) this.seal();
    if (!this.outbox.length) this.outboxBase = this.version;
    this.outbox.push(...withoutKeys(changes, this.overlay));
  }

  private seal(): void {
    this.pending.push({ id: `${this.tab}:${++this.seq}`, changes: this.outbox, base: this.outboxBase });
    this.outbox = [];
  }

  get dirty(): boolean {
    return this.outbox.length > 0 || this.pending.length > 0;
  }

  /** Seals the outbox into a set and answers every unacknowledged set, oldest first (resending one is harmless: the server knows its id). */
  take(): ChangeSet[] {
    if (this.outbox.length) this.seal();
    return this.pending.map((s) => ({ ...s }));
  }

  /** What a draft keeps to replay the unacknowledged edits after a reload. */
  snapshot(): { version: number; pending: ChangeSet[]; seq: number } {
    const sets = this.take();
    return { version: this.version, pending: sets, seq: this.seq };
  }

  /**
   * The server's answer: the sets it applied after `this.version`, in its order, each with the
   * version it made. Returns every change made to the document (for relayout) and what could not
   * be kept of the local edits, in Chinese. `typing`: the topic whose title is being typed here
   * (not a change yet): deleted by the others, its branch is brought back like an edited one's,
   * a change of this tab to send (`madeHere`).
   */
  receive(doc: MindDoc, sets: readonly AppliedSet[], typing?: string): { changes: Change[]; notices: string[]; madeHere?: true } {
    const fresh = sets.filter((s) => s.version > this.version).sort((a, b) => a.version - b.version);
    if (!fresh.length) return { changes: [], notices: [] };
    // Only our own sets, in the order we sent them (no other tab saved in between), each applied
    // by the server as it stands here: the document already is its result. Nothing is taken back
    // or replayed, and the screen (an open field, the selection) is left alone. A set rebased here
    // since it was sent (the others' sets came first, as live `set` frames before the `ack`) may
    // stand here otherwise than the server applied it as sent: then the server's form is replayed.
    if (fresh.every((s, i) => this.pending[i]?.id === s.id && sameChanges(this.pending[i].changes, s.changes))) {
      for (const s of fresh) this.noteWritten(s);
      this.pending = this.pending.slice(fresh.length);
      this.version = fresh[fresh.length - 1].version;
      return { changes: [], notices: [] };
    }
    const local = [...this.pending.flatMap((s) => s.changes), ...this.outbox];
    const changes = revert(doc, local);
    const acked = new Set<string>();
    const notices = new Set<string>();
    for (const s of fresh) {
      // another's set: without their overlay marks (the owner's 已学 stays the owner's)
      const theirs = tabOfSet(s.id) === this.tab ? s.changes : withoutKeys(s.changes, this.overlay);
      replay(doc, theirs);
      changes.push(...theirs);
      acked.add(s.id);
      this.version = s.version;
      if (tabOfSet(s.id) === this.tab) this.noteWritten(s);
      else {
        this.sayRestored(s.changes, notices);
        this.sayReplaced(doc, s, theirs, notices);
      }
    }
    const rest: ChangeSet[] = [];
    // what the others did meanwhile: our edits inside a branch they deleted bring it back, our deletes of a branch they edited are not made
    const concurrent = new Concurrent(() => fresh.filter((s) => tabOfSet(s.id) !== this.tab).flatMap((s) => s.changes));
    for (const s of this.pending) {
      if (acked.has(s.id)) continue;
      const r = applyLenient(doc, s.changes, { concurrent });
      r.notices.forEach((n) => notices.add(n));
      changes.push(...r.applied);
      if (r.applied.length) rest.push({ ...s, changes: r.applied });
    }
    this.pending = rest;
    const r = applyLenient(doc, this.outbox, { concurrent });
    r.notices.forEach((n) => notices.add(n));
    changes.push(...r.applied);
    this.outbox = r.applied;
    // a title still being typed here counts as an edit in its branch: a delete of it meanwhile is undone
    if (typing) {
      const back = bringBackTyped(doc, typing, concurrent);
      if (back.said) notices.add(back.said);
      changes.push(...back.applied);
      this.record(back.applied);
      if (back.applied.length) return { changes, notices: [...notices], madeHere: true };
    }
    return { changes, notices: [...notices] };
  }

  /** The whole map was replaced (an import, a restore, another tab's whole-map save): start over from `version`. */
  reset(version: number): void {
    this.version = version;
    this.pending = [];
    this.outbox = [];
  }

  private noteWritten(s: AppliedSet): void {
    for (const c of s.changes) {
      if (c.op !== 'set' || VIEW_KEYS.has(c.key)) continue;
      const k = fieldKey(c.id, c.key);
      this.written.delete(k);
      this.written.set(k, { version: s.version, after: c.after });
    }
    for (const k of this.written.keys()) {
      if (this.written.size <= WRITES_KEPT) break;
      this.written.delete(k);
    }
  }

  /** Another's set made without seeing a field this tab set (its base is older) replaced it: said (the later one is kept). */
  private sayReplaced(doc: MindDoc, s: AppliedSet, theirs: readonly Change[], notices: Set<string>): void {
    if (s.base === undefined || !this.written.size) return;
    for (const c of theirs) {
      if (c.op !== 'set') continue;
      const k = fieldKey(c.id, c.key);
      const mine = this.written.get(k);
      if (!mine || mine.version <= s.base) continue;
      this.written.delete(k);
      if (!sameValue(mine.after, c.after)) notices.add(sameFieldSaid(doc, c, mine.after, 'theirs'));
    }
  }

  /** A branch deleted here that another tab or member brought back (they were editing in it): said here too. */
  private sayRestored(changes: readonly Change[], notices: Set<string>): void {
    if (!this.deletedHere.size) return;
    for (const c of changes) {
      if (c.op !== 'add' || !this.deletedHere.delete(c.node.data.id as string)) continue;
      notices.add(`你删除的${kmTitle(c.node.data.text)}已恢复：别处刚在其中修改或撤销了删除`);
    }
  }
}

/** `changes` without the node keys `keys`: their set changes dropped, added or removed topics' data stripped of them. */
export function withoutKeys(changes: readonly Change[], keys: ReadonlySet<string>): Change[] {
  if (!keys.size) return changes.slice();
  // (a node that is no node, from the network, is left for the document to refuse)
  const strip = (n: KmNode): KmNode =>
    n && typeof n === 'object' && n.data && typeof n.data === 'object'
      ? {
          ...n,
          data: Object.fromEntries(Object.entries(n.data).filter(([k]) => !keys.has(k))) as KmNode['data'],
          ...(Array.isArray(n.children) ? { children: n.children.map(strip) } : {}),
        }
      : n;
  const out: Change[] = [];
  for (const c of changes) {
    if (c.op === 'set' && keys.has(c.key)) continue;
    out.push(c.op === 'add' || c.op === 'remove' ? { ...c, node: strip(c.node) } : c);
  }
  return out;
}

/** The same changes, whatever the order of their keys (a set's form as stored and parsed again by the server). */
function sameChanges(a: readonly Change[], b: readonly Change[]): boolean {
  return a.length === b.length && canonical(a) === canonical(b);
}

function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0))) : x,
  );
}
