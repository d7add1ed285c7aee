import { applyLenient, ChangeRefused, replay, type AppliedSet, type ChangeSet } from '../model/change-set';
import { MindDoc } from '../model/doc';
import { Concurrent, tabOfSet } from '../model/concurrent';
import type { KmDocument } from '../model/types';

/**
 * The server's rule for change sets, in memory, for tests of the sync protocol: each set is
 * applied once (by id), in arrival order, to the map as it is then, with the map's limits; the
 * applied form is logged with the version it made. restart() rebuilds the map from its log (what
 * a server killed mid-session finds in its database).
 */
export class SimServer {
  doc: MindDoc;
  version = 0;
  readonly log: AppliedSet[] = [];
  private readonly seen = new Set<string>();
  /** What the last save could not keep (per topic, Chinese): the route answers it as `notices`. */
  lastNotices: string[] = [];

  constructor(private readonly initial: KmDocument) {
    this.doc = new MindDoc(structuredClone(initial));
  }

  /** A save: applies the sets it has not seen, answers every set after `base`. */
  save(base: number, sets: readonly ChangeSet[]): AppliedSet[] {
    this.lastNotices = [];
    const tabs = new Set(sets.map((s) => tabOfSet(s.id)));
    const concurrent = new Concurrent(() => this.log.filter((s) => s.version > base && !tabs.has(tabOfSet(s.id))).flatMap((s) => s.changes));
    for (const s of sets) {
      if (this.seen.has(s.id)) continue;
      const { applied, notices } = applyRefusingWhole(this.doc, s.changes, concurrent);
      this.lastNotices.push(...notices);
      this.seen.add(s.id);
      // stored as text would be: later edits must not reach into it through shared node data
      this.log.push({ id: s.id, changes: structuredClone(applied), version: ++this.version, base: Math.min(s.base ?? base, base) });
    }
    return this.since(base);
  }

  since(base: number): AppliedSet[] {
    return this.log.filter((s) => s.version > base).map((s) => structuredClone(s));
  }

  restart(): void {
    this.doc = new MindDoc(structuredClone(this.initial));
    for (const s of this.log) replay(this.doc, structuredClone(s.changes));
  }
}

/** A set beyond the limits is stored as nothing (the server answers it refused; its id is spent). */
function applyRefusingWhole(doc: MindDoc, changes: ChangeSet['changes'], concurrent: Concurrent) {
  try {
    return applyLenient(doc, structuredClone(changes), { limits: true, concurrent });
  } catch (e) {
    if (e instanceof ChangeRefused) return { applied: [], notices: [e.message] };
    throw e;
  }
}
