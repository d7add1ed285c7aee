import fc from 'fast-check';
import { expect } from 'vitest';
import type { EditorController } from '../../src/mindmap/editor/controller';
import type { AppliedSet, KmDocument, KmNode } from '../../src/mindmap/core';

// What the convergence property tests of live co-editing share (live-converge.test.ts over the
// HTTP routes, live-converge-sockets.test.ts over the live socket on one and on two processes):
// the random edits a member makes, the server's order as the answers told it, and the oracle —
// every replica a tree equal to the server's map, every acknowledged title kept unless superseded.

/** What every answer told about the server's order: version → the set as applied (the log, as far as seen). */
export interface Run {
  log: Map<number, AppliedSet>;
  /** versions made by whole saves (everything before one is replaced by it) */
  wholes: number[];
  trace: string[];
}

export const newRun = (): Run => ({ log: new Map(), wholes: [], trace: [] });

/** A member's copy of the map, as far as the oracle needs it. */
export interface Member {
  name: string;
  ctl: EditorController;
  /** ids of this tab's sets the server acknowledged to it */
  acked: Set<string>;
}

/**
 * use-autosave's onReload: the server's map (`server`, from showMind) opened, with this tab's
 * unacknowledged sets replayed on it. Resolves how many sets are still to send.
 */
export async function reopen(ctl: EditorController, tab: string, server: { document: KmDocument; version: number }): Promise<number> {
  return (await ctl.reopen(server.document, { tab, version: server.version })).pending;
}

/** The server's sets applied to a replica, as a page applies an answer. */
export async function receiveSets(ctl: EditorController, sets: readonly AppliedSet[]): Promise<void> {
  // cloned as postMessage clones them for the worker (localEngine clones answers only): the engine
  // keeps the nodes of applied sets in its map, and later edits must not reach our copy of the log
  const got = await ctl.engine.receiveChangeSets(structuredClone(sets as AppliedSet[]));
  if (got.changed) ctl.apply(got.patch, false);
}

export function record(run: Run, sets: readonly AppliedSet[]): void {
  for (const s of sets) {
    const seen = run.log.get(s.version);
    // one version, one set: two answers never disagree about what the server applied
    if (seen) expect(JSON.stringify(seen)).toBe(JSON.stringify(s));
    run.log.set(s.version, s);
  }
}

export interface Shape {
  id: string;
  text: string;
  children: Shape[];
}
export const shape = (n: KmNode): Shape => ({ id: String(n.data.id), text: String(n.data.text ?? ''), children: (n.children ?? []).map(shape) });

/** Every topic with its parent (root: null). */
export function topics(doc: KmDocument): { id: string; parent: string | null; index: number; count: number }[] {
  const out: { id: string; parent: string | null; index: number; count: number }[] = [];
  const walk = (n: KmNode, parent: string | null, index: number, count: number) => {
    out.push({ id: String(n.data.id), parent, index, count });
    (n.children ?? []).forEach((c, i, all) => walk(c, String(n.data.id), i, all.length));
  };
  walk(doc.root, null, 0, 1);
  return out;
}

/** Topic ids of a subtree (an add or remove change carries the whole subtree). */
function idsIn(n: KmNode, out = new Set<string>()): Set<string> {
  out.add(String(n.data.id));
  for (const c of n.children ?? []) idsIn(c, out);
  return out;
}

/** No topic is its own ancestor, and no topic is in two places: every id once along the whole tree. */
export function expectATree(doc: KmDocument): void {
  const seen = new Set<string>();
  const walk = (n: KmNode, path: Set<string>) => {
    const id = String(n.data.id);
    expect(path.has(id), `${id} is its own ancestor`).toBe(false);
    expect(seen.has(id), `${id} appears twice`).toBe(false);
    seen.add(id);
    const below = new Set(path).add(id);
    for (const c of n.children ?? []) walk(c, below);
  };
  walk(doc.root, new Set());
}

/**
 * The rename rule (engine/model/change-set.ts applyLenient: per topic, the title applied later
 * wins; a change to a deleted topic is dropped): every title set (op 'set', key 'text') in a set
 * acknowledged to the member that made it, in the form the server applied it, is the topic's title
 * in the final map, unless it was superseded: a later set in the server's order set that topic's
 * title again (another member's rename, an undo), or removed or re-added a subtree holding the
 * topic (a delete, its undo), or a whole save replaced the map after it; or the topic is gone.
 * Likewise every topic such a set inserted is in the final map, unless a later change in the
 * server's order removed a subtree holding it. Resolves how many titles and topics were checked.
 */
export function expectAcknowledgedKept(final: KmDocument, members: readonly Member[], run: Run): number {
  const titles = new Map(topics(final).map((x) => [x.id, x] as const));
  const textOf = new Map<string, string>();
  const walk = (n: KmNode) => {
    textOf.set(String(n.data.id), String(n.data.text ?? ''));
    (n.children ?? []).forEach(walk);
  };
  walk(final.root);
  const byVersion = [...run.log.values()].sort((a, b) => a.version - b.version);
  const lastWhole = Math.max(0, ...run.wholes);
  // a change after the `index`th one of the set that made `version` (a set holds several steps: a rename and its undo, say)
  const touchedAfter = (id: string, version: number, index: number) =>
    byVersion.some(
      (s) =>
        s.version >= version &&
        s.changes.some(
          (c, i) =>
            (s.version > version || i > index) &&
            ((c.op === 'set' && c.key === 'text' && c.id === id) || ((c.op === 'add' || c.op === 'remove') && idsIn(c.node).has(id))),
        ),
    );
  const removedAfter = (id: string, version: number, index: number) =>
    byVersion.some((s) => s.version >= version && s.changes.some((c, i) => (s.version > version || i > index) && c.op === 'remove' && idsIn(c.node).has(id)));
  let checked = 0;
  for (const r of members)
    for (const s of byVersion) {
      if (!r.acked.has(s.id) || s.version <= lastWhole) continue;
      for (const [i, c] of s.changes.entries()) {
        if (c.op !== 'set' || c.key !== 'text' || !titles.has(c.id) || touchedAfter(c.id, s.version, i)) continue;
        checked++;
        expect(textOf.get(c.id), `${r.name}'s title of ${c.id} (set ${s.id}, version ${s.version})`).toBe(String(c.after ?? ''));
      }
      // and the inserts: a topic an acknowledged set added is in the map unless a later change removed it
      for (const [i, c] of s.changes.entries())
        if (c.op === 'add')
          for (const id of idsIn(c.node)) {
            if (removedAfter(id, s.version, i)) continue;
            checked++;
            expect(titles.has(id), `${r.name}'s topic ${id} (set ${s.id}, version ${s.version})`).toBe(true);
          }
    }
  return checked;
}

let titleSeq = 0;

/** Kinds of edit() below 68 are edits, 68-71 a redo. */
export const EDIT_KINDS = 72;

/** One random edit by `r` (x, y, z: the choices). Refused edits (the depth rule, the root) change nothing. */
export async function edit(r: Pick<Member, 'name' | 'ctl'>, kind: number, x: number, y: number, z: number, run: Run): Promise<void> {
  const all = topics(await r.ctl.engine.toKm());
  const pick = (n: number, list = all) => list[n % list.length];
  const nonRoot = all.filter((n) => n.parent !== null);
  const say = (what: string) => run.trace.push(`${r.name} ${what}`);
  if (kind < 18) {
    const parent = pick(x);
    const title = `${r.name}新${++titleSeq}`;
    say(`appendChild ${parent.id} ${title}`);
    await r.ctl.run('appendChild', [parent.id, title]);
  } else if (kind < 34) {
    const topic = pick(x);
    const title = `${r.name}改${++titleSeq}`;
    say(`editText ${topic.id} ${title}`);
    await r.ctl.textEdit.editText(topic.id, title);
  } else if (kind < 44 && nonRoot.length) {
    const topic = pick(x, nonRoot);
    const target = pick(y);
    say(`moveNode ${topic.id} → ${target.id} ${z % 4}`);
    await r.ctl.run('moveNode', [topic.id, target.id, z % 4]);
  } else if (kind < 52 && nonRoot.length) {
    const topic = pick(x, nonRoot);
    say(`reorder ${topic.id} ${y % topic.count}`);
    await r.ctl.run('moveNode', [topic.id, topic.parent!, y % topic.count]);
  } else if (kind < 60 && nonRoot.length) {
    const topic = pick(x, nonRoot);
    say(`removeNode ${topic.id}`);
    await r.ctl.run('removeNode', [[topic.id]]);
  } else if (kind < 68) {
    say('undo');
    await r.ctl.undo();
  } else {
    say('redo');
    await r.ctl.redo();
  }
}

/** One step of a session: who, what (0-99), three choices, and a roll (0-99). */
export type Step = [number, number, number, number, number, number];
export const stepOf = (maxWho: number): fc.Arbitrary<Step> =>
  fc.tuple(fc.nat({ max: maxWho }), fc.nat({ max: 99 }), fc.nat(), fc.nat(), fc.nat(), fc.nat({ max: 99 }));
