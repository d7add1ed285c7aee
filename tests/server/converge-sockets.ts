import { expect } from 'vitest';
import type { LiveOut } from '../../src/contract/live';
import { EditorController } from '../../src/mindmap/editor/controller';
import { localEngine } from '../../src/mindmap/worker/client';
import { createEngineHost } from '../../src/mindmap/worker/host';
import type { AppliedSet, ChangeSet, KmDocument } from '../../src/mindmap/core';
import {
  EDIT_KINDS,
  edit,
  expectATree,
  expectAcknowledgedKept,
  newRun,
  receiveSets,
  record,
  reopen,
  shape,
  type Member,
  type Run,
  type Step,
} from './converge-oracle';
import { api, connectLive, type LiveClient } from './live-client';

// Members of one shared case map on the live socket (issue 32), for live-converge-sockets.test.ts
// (one process) and live-converge-cluster.test.ts (two, on PostgreSQL + Redis). Each member holds a
// replica (an EditorController on an in-process engine) and a socket; every replica takes the
// server's sets from its socket's frames (changes, set, ack; reload: showMind, the unacknowledged
// sets replayed, as use-autosave's onReload). Half the members send their sets as `sets` frames,
// the others as a page does, by POST saveChanges (whose answers they apply too, unless lost).
// Frames wait in each socket's buffer until a step delivers some: the interleaving is random.

export const CASE = 'case-01';
export const OWNER = 'stu-0001';

interface Replica extends Member {
  token: string;
  /** the owner's id on the wire (members only) */
  owner?: string;
  tab: string;
  via: 'socket' | 'http';
  /** the process it talks to (an index into the session's urls) */
  server: number;
  /** undefined before the first connect, null while cut */
  ws?: LiveClient | null;
  /** frames of `ws` handled so far */
  read: number;
  /** steps left offline: no socket, nothing sent */
  offline: number;
  req: number;
}

/** What the runs went through, so a change that stops them reaching a path fails the test. */
export const newTally = () => ({
  socketSends: 0,
  httpSends: 0,
  acks: 0,
  setFrames: 0,
  lost: 0,
  reloads: 0,
  wholes: 0,
  disconnects: 0,
  reconnects: 0,
  offline: 0,
  kills: 0,
  /** a member of a killed process moved to the other */
  failovers: 0,
  keptChecked: 0,
});
export type Tally = ReturnType<typeof newTally>;

export interface Cluster {
  /** the processes' base URLs; null once killed */
  urls: (string | null)[];
  /** the owner's and each member's token and student id (members: 1..) */
  tokens: string[];
  tally: Tally;
  /** kill -9 process `i` (two processes only) */
  kill?(i: number): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class SocketSession {
  readonly run: Run = newRun();
  readonly replicas: Replica[] = [];

  constructor(private readonly c: Cluster) {}

  private say(what: string) {
    this.run.trace.push(what);
  }

  /** The process `r` talks to: its own, or a live one when its own was killed. */
  private url(r: Replica): string {
    if (!this.c.urls[r.server]) {
      r.server = this.c.urls.findIndex((u) => u !== null);
      this.c.tally.failovers++;
      this.say(`${r.name} moves to process ${r.server}`);
    }
    return this.c.urls[r.server]!;
  }

  private param(r: Replica) {
    return r.owner ? `&studentId=${r.owner}` : '';
  }

  async showMind(r: Replica): Promise<{ document: KmDocument; version: number }> {
    const shown = await api(this.url(r), r.token, `/api/course/mindStudent/showMind?caseId=${CASE}${this.param(r)}`);
    expect(shown.resultCode, shown.errMsg).toBe(200);
    return shown.data;
  }

  async open(i: number, server: number): Promise<Replica> {
    const name = i === 0 ? 'O' : `M${i}`;
    const r: Replica = {
      name,
      token: this.c.tokens[i],
      owner: i === 0 ? undefined : OWNER,
      ctl: new EditorController(localEngine(createEngineHost())),
      tab: `sock${name}${Math.random().toString(36).slice(2, 8)}`,
      acked: new Set(),
      via: i % 2 === 0 ? 'socket' : 'http',
      server,
      read: 0,
      offline: 0,
      req: 0,
    };
    const shown = await this.showMind(r);
    // as the page opens it: loaded and synced in one engine step
    await r.ctl.open(shown.document, false, { sync: { tab: r.tab, version: shown.version } });
    this.say(`${name} opens at ${shown.version} on process ${server}, sends by ${r.via}`);
    this.replicas.push(r);
    await this.connect(r);
    return r;
  }

  private async version(r: Replica): Promise<number> {
    await r.ctl.settled();
    return (await r.ctl.engine.takeChangeSets()).version;
  }

  /** Opens the socket from the replica's version (a page's `since`). */
  private async connect(r: Replica): Promise<void> {
    const since = await this.version(r);
    if (r.ws !== undefined) this.c.tally.reconnects++;
    r.ws = await connectLive(this.url(r), r.token, { mapId: CASE, ownerId: OWNER, since });
    r.read = 0;
    this.say(`${r.name} connects to ${r.server} since ${since}`);
  }

  /** The socket cut (terminated here): frames not yet handled are lost with it. */
  private disconnect(r: Replica, why: string): void {
    r.ws?.ws.terminate();
    r.ws = null;
    this.say(`${r.name} disconnects (${why})`);
  }

  private isOpen(r: Replica): boolean {
    return !!r.ws && r.ws.ws.readyState === 1;
  }

  /** Handles up to `n` frames that have arrived; a socket closed by the server is let go once its frames are handled. */
  private async deliver(r: Replica, n = Infinity): Promise<void> {
    for (let k = 0; k < n && r.ws && r.read < r.ws.messages.length; k++) await this.handle(r, r.ws.messages[r.read++]);
    if (r.ws && r.ws.ws.readyState > 1 && r.read >= r.ws.messages.length) {
      r.ws = null;
      this.say(`${r.name}'s socket was closed by the server`);
    }
  }

  private async handle(r: Replica, m: LiveOut): Promise<void> {
    if (m.type === 'changes') await this.receive(r, m.sets as AppliedSet[], 'changes');
    else if (m.type === 'set') {
      this.c.tally.setFrames++;
      await this.receive(r, [m.set as AppliedSet], 'set');
    } else if (m.type === 'ack') {
      this.c.tally.acks++;
      await this.receive(r, m.sets as AppliedSet[], `ack ${m.req}`);
    } else if (m.type === 'reload') {
      if (m.version > (await this.version(r))) await this.reload(r, `reload frame ${m.version}`);
    } else if (m.type === 'refused') {
      this.say(`${r.name} refused ${m.req}: ${m.code} ${m.message}`);
      if (m.reload) await this.reload(r, 'refused');
      // else (429): the sets stay unacknowledged, sent again with the next ones
      else expect(m.code, m.message).toBe(429);
    }
  }

  /** Applies the server's sets; the replica's own among them are acknowledged, whichever frame or answer brings them. */
  private async receive(r: Replica, sets: AppliedSet[], how: string): Promise<void> {
    record(this.run, sets);
    for (const s of sets) if (s.id.startsWith(`${r.tab}:`)) r.acked.add(s.id);
    if (sets.length) this.say(`${r.name} gets ${how}: ${sets.map((s) => `${s.id}@${s.version}`).join(',')}`);
    await receiveSets(r.ctl, sets);
  }

  /** use-autosave's onReload: the server's map, with this tab's unacknowledged sets replayed on it. */
  private async reload(r: Replica, why: string): Promise<void> {
    const server = await this.showMind(r);
    const left = await reopen(r.ctl, r.tab, server);
    this.c.tally.reloads++;
    this.say(`${r.name} reloads at ${server.version} (${why}; ${left} sets replayed)`);
  }

  /** Sends the unacknowledged sets: a `sets` frame (its answer comes as a frame), or POST saveChanges. Resolves the frame's req. */
  private async send(r: Replica, opts: { lost?: boolean; during?: () => Promise<void> } = {}): Promise<number | null> {
    await r.ctl.settled();
    const sent = await r.ctl.engine.takeChangeSets();
    if (sent.whole) throw new Error(`${r.name}: a whole save asked for on a map already saved`);
    if (!sent.sets.length) return null;
    const ids = sent.sets.map((s) => s.id).join(',');
    if (r.via === 'socket') {
      if (!this.isOpen(r)) return null;
      const req = ++r.req;
      r.ws!.send({ type: 'sets', req, base: sent.version, sets: sent.sets as never });
      this.c.tally.socketSends++;
      this.say(`${r.name} sends ${ids} on ${sent.version} as frame ${req}`);
      return req;
    }
    await opts.during?.();
    const reply = await api(this.url(r), r.token, '/api/course/mindStudent/saveChanges', {
      caseId: CASE,
      base: sent.version,
      sets: sent.sets as ChangeSet[],
      ...(r.owner ? { studentId: r.owner } : {}),
    });
    this.c.tally.httpSends++;
    if (reply.resultCode === 409) {
      await this.reload(r, '409');
      return null;
    }
    expect(reply.resultCode, reply.errMsg).toBe(200);
    this.say(`${r.name} posts ${ids} on ${sent.version} → ${reply.data.version}${opts.lost ? ' (answer lost)' : ''}`);
    if (opts.lost) {
      record(this.run, reply.data.sets);
      this.c.tally.lost++;
      return null;
    }
    await this.receive(r, reply.data.sets, 'answer');
    return null;
  }

  /** The owner saves the map whole (an import, a restore): every socket is told to reload. */
  private async wholeSave(r: Replica): Promise<void> {
    await r.ctl.settled();
    const sent = await r.ctl.engine.takeChangeSets();
    const document = await r.ctl.engine.toKm();
    const saved = await api(this.url(r), r.token, '/api/course/mindStudent/saveStuMind', { caseId: CASE, version: sent.version, document });
    // another member saved since: the owner's page would ask (the conflict dialog); here it goes on by change sets
    if (saved.resultCode === 409) return;
    expect(saved.resultCode, saved.errMsg).toBe(200);
    await r.ctl.engine.wholeSaved(saved.data.version, r.tab, sent.seq);
    this.run.wholes.push(saved.data.version);
    this.c.tally.wholes++;
    this.say(`${r.name} saves whole at ${sent.version} → ${saved.data.version}`);
  }

  /** One step (see converge-oracle's Step); `kill`: kill -9 the process of `who`'s replica now. */
  async step([who, kind, x, y, z, roll]: Step, kill = false): Promise<void> {
    const r = this.replicas[who % this.replicas.length];
    if (kill && this.c.kill && this.c.urls.filter(Boolean).length > 1) {
      const dead = r.server;
      this.say(`kill -9 process ${dead}`);
      await this.c.kill(dead);
      this.c.tally.kills++;
    }
    const online = r.offline === 0;
    if (r.offline > 0 && --r.offline === 0) await this.connect(r);
    // 0-59 an edit (scaled to edit()'s kinds), 60-79 a send, 80-90 frames delivered (or a reconnect),
    // 91-93 the socket cut, 94-96 offline for a while, 97-99 now and then the owner's whole save
    if (kind < 60) await edit(r, Math.floor((kind * EDIT_KINDS) / 60), x, y, z, this.run);
    else if (!online) return;
    else if (kind < 80) await this.send(r, { lost: roll < 25, during: roll >= 70 ? () => edit(r, x % 68, y, z, x, this.run) : undefined });
    else if (kind < 91) {
      if (r.ws) await this.deliver(r, 1 + (x % 6));
      else await this.connect(r);
    } else if (kind < 94 && r.ws) {
      this.c.tally.disconnects++;
      this.disconnect(r, 'cut');
    } else if (kind < 97) {
      r.offline = 3 + (x % 8);
      this.c.tally.offline++;
      this.disconnect(r, `offline for ${r.offline} steps`);
    } else if (roll < 25) await this.wholeSave(this.replicas[0]);
  }

  /** Handles frames until `done` or `ms` pass (frames arrive from the network meanwhile). */
  private async until(r: Replica, done: () => Promise<boolean> | boolean, what: string, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    for (;;) {
      await this.deliver(r);
      if (await done()) return;
      if (!r.ws) await this.connect(r);
      if (Date.now() > deadline) throw new Error(`${r.name}: no ${what} within ${ms} ms`);
      await sleep(5);
    }
  }

  /** Everyone back online, everything sent and answered, every socket caught up; then the oracle. */
  async finish(): Promise<void> {
    for (let round = 0; ; round++) {
      for (const r of this.replicas) {
        r.offline = 0;
        await this.deliver(r);
        if (!this.isOpen(r)) {
          if (r.ws) this.disconnect(r, 'closing');
          await this.connect(r);
        }
      }
      for (const r of this.replicas) {
        const req = await this.send(r);
        const ws = r.ws!;
        // answered, or the socket closed meanwhile (the next round sends again)
        const answered = () => r.ws !== ws || ws.messages.slice(0, r.read).some((m) => (m.type === 'ack' || m.type === 'refused') && m.req === req);
        if (req !== null) await this.until(r, answered, `answer to ${req}`);
      }
      const target = (await this.showMind(this.replicas[0])).version;
      for (const r of this.replicas) await this.until(r, async () => (await this.version(r)) >= target, `version ${target}`);
      const left = await Promise.all(this.replicas.map(async (r) => (await r.ctl.engine.takeChangeSets()).sets.length));
      if (left.every((n) => n === 0)) break;
      if (round === 4) throw new Error(`sets still unacknowledged after ${round + 1} rounds: ${left.join(',')}`);
    }
    const server = await this.showMind(this.replicas[0]);
    const want = shape(server.document.root);
    expectATree(server.document);
    for (const r of this.replicas) {
      const left = await r.ctl.engine.takeChangeSets();
      expect(left.sets, `${r.name} has sets left to send`).toEqual([]);
      expect(left.version, `${r.name}'s version`).toBe(server.version);
      const doc = await r.ctl.engine.toKm();
      expectATree(doc);
      expect(shape(doc.root), `${r.name}'s map`).toEqual(want);
      expect(shape((await this.showMind(r)).document.root), `showMind for ${r.name}`).toEqual(want);
    }
    this.c.tally.keptChecked += expectAcknowledgedKept(server.document, this.replicas, this.run);
  }

  close(): void {
    for (const r of this.replicas) r.ws?.ws.terminate();
  }
}
