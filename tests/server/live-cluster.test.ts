import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/lib/password';
import { B_PASSWORD } from './security/students';
import { clusterSkipReason, freshSchema, loginOverHttp, spawnServer, type SpawnedServer } from './spawn-server';
import { api, connectLive, type LiveClient } from './live-client';
import type { LiveAppliedSet } from '../../src/contract/live';

/**
 * Live co-editing across processes (issue 32): two server processes on one PostgreSQL schema with
 * the bus on Redis; the owner on one, a member on the other. They see each other's sets and
 * presence; the member's process is killed -9 mid-session, the member reconnects to the other
 * process and every set acknowledged to them is in the map.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const skipReason = await clusterSkipReason('live-cluster.test.ts', redisUrl);

describe.skipIf(skipReason !== null)('live co-editing on two processes, PostgreSQL and Redis', () => {
  const servers: SpawnedServer[] = [];
  const clients: LiveClient[] = [];
  let schema: { schema: string; drop(): Promise<void> };
  const A = 'stu-0001';
  let a = '';
  let b = '';
  let topic = '';
  let version = 0;

  beforeAll(async () => {
    schema = await freshSchema(databaseUrl!, 'live');
    // a channel prefix of its own: other runs on the same Redis hear nothing of this one
    const env = { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema.schema, REDIS_URL: redisUrl, LIVE_BUS_PREFIX: `t${randomBytes(4).toString('hex')}:` };
    servers.push(await spawnServer(env));
    servers.push(await spawnServer(env));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`set search_path to ${schema.schema}`);
    await client.query(
      `insert into students (id, login_name, password_hash, username, phone, student_no, created_at) values ('stu-lc-b', '13700000501', $1, '乙同学', '13700000501', 'LC501', now())`,
      [await hashPassword(B_PASSWORD)],
    );
    await client.query(`insert into case_applications (id, student_id, case_id, status) values ('apply-lc-b', 'stu-lc-b', 'case-01', 1)`);
    await client.end();
    a = await loginOverHttp(servers[0].url);
    b = await loginOverHttp(servers[1].url, '13700000501', B_PASSWORD);
    const shown = await api(servers[0].url, a, '/api/course/mindStudent/showMind?caseId=case-01');
    topic = String(shown.data.document.root.children[0].data.id);
    version = (await api(servers[0].url, a, '/api/course/mindStudent/saveStuMind', { caseId: 'case-01', version: 0, document: shown.data.document })).data
      .version;
    expect((await api(servers[0].url, a, '/api/share/invite', { kind: 'case', mapId: 'case-01', studentNo: 'LC501', role: 'edit' })).resultCode).toBe(200);
  }, 300_000);

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    for (const s of servers) await s.stop('SIGKILL');
    await schema?.drop();
  });

  const join = async (server: number, token: string, since: number) => {
    const c = await connectLive(servers[server].url, token, { mapId: 'case-01', ownerId: A, since });
    clients.push(c);
    return c;
  };
  /** Every set id a socket was sent, in order: inside changes, ack or set. */
  const seenIds = (c: LiveClient) =>
    c.messages.flatMap((m) => (m.type === 'set' ? [m.set.id] : m.type === 'changes' || m.type === 'ack' ? m.sets.map((s) => s.id) : []));
  const rename = (id: string, text: string) => ({ id, changes: [{ op: 'set', id: topic, key: 'text', before: null, after: text }] });

  it('members on different processes see each other’s sets and presence; kill -9 loses nothing acknowledged', async () => {
    const owner = await join(0, a, version);
    const member = await join(1, b, version);
    await member.next('changes');
    await owner.next('presence', (p) => p.memberId === 'stu-lc-b');
    owner.send({ type: 'sets', req: 1, base: version, sets: [rename('tabA:1', '甲')] });
    expect(await member.next('set')).toMatchObject({ by: A, set: { id: 'tabA:1', version: version + 1 } });
    member.send({ type: 'presence', selected: topic, editing: topic });
    await owner.next('presence', (p) => p.memberId === 'stu-lc-b' && p.editing === topic);

    // the member's sets, each acknowledged, then their process dies at once
    const acked: string[] = [];
    let last = version + 1;
    for (let i = 1; i <= 5; i++) {
      member.send({ type: 'sets', req: i, base: last, sets: [rename(`tabB:${i}`, `乙 ${i}`)] });
      const ack = await member.next('ack', (m) => m.req === i);
      acked.push(...ack.sets.filter((s) => s.id.startsWith('tabB:')).map((s) => s.id));
      last = ack.version;
    }
    await servers[1].stop('SIGKILL');
    await member.closed;

    // the member reconnects to the other process and catches up from its last version
    const again = await join(0, b, version);
    const caught = await again.next('changes');
    const ids = caught.sets.map((s: LiveAppliedSet) => s.id);
    for (const id of acked) expect(ids).toContain(id);
    expect(caught.version).toBe(last);
    // and goes on editing with the owner
    again.send({ type: 'sets', req: 9, base: caught.version, sets: [rename('tabB:9', '乙 回来了')] });
    await again.next('ack');
    // as one `set`, or inside a `changes` when the owner's process filled a gap from the log (the
    // dead process's last broadcast never went out): either way, in order and once
    await expect.poll(() => seenIds(owner), { timeout: 10_000 }).toContain('tabB:9');
    expect(seenIds(owner)).toEqual([...new Set(seenIds(owner))]);
    for (const id of acked) expect(seenIds(owner)).toContain(id);
    const map = await api(servers[0].url, a, '/api/course/mindStudent/showMind?caseId=case-01');
    expect(map.data.document.root.children[0].data.text).toBe('乙 回来了');
  }, 120_000);
});
