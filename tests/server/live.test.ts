import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_MAX_FRAME, LiveClose } from '../../src/contract/live';
import { SHARE_MSG } from '../../src/contract/sharing';
import { useTestApp } from './test-app';
import { EXPERIENCE, NORMAL } from './helpers';
import { EXPERIENCE_MSG, GRADUATED_MSG } from '../../src/server/modules/cases/access';
import { addStudent } from './security/students';
import { connectLive, type LiveClient } from './live-client';

// The live socket (issue 32) on one process: A (stu-0001) shares 我的学习导图 of case-01 with B
// (可编辑) and C (只读); D is no member. Every message is checked; bad frames and floods close.
const t = useTestApp({ a: NORMAL, experience: EXPERIENCE });
const A = 'stu-0001';
const port = process.env.TEST_DB === 'postgres' ? 4752 : 4751;
const base = `http://127.0.0.1:${port}`;
let b: string;
let c: string;
let d: string;
let topic: string;
let version: number;
const open: LiveClient[] = [];
const join = async (token: string, since = version) => {
  const client = await connectLive(base, token, { mapId: 'case-01', ownerId: A, since });
  open.push(client);
  return client;
};

beforeAll(async () => {
  const db = t.database.db;
  b = await addStudent(t, 'stu-live-b', '13700000401');
  c = await addStudent(t, 'stu-live-c', '13700000402');
  d = await addStudent(t, 'stu-live-d', '13700000403');
  for (const [id, no] of [
    ['stu-live-b', 'L401'],
    ['stu-live-c', 'L402'],
    ['stu-live-d', 'L403'],
  ]) {
    await db.updateTable('students').set({ student_no: no }).where('id', '=', id).execute();
    await db
      .insertInto('case_applications')
      .values({ id: `apply-${id}`, student_id: id, case_id: 'case-01', status: 1 })
      .execute();
  }
  const shown = await t.get(t.tokens.a, '/api/course/mindStudent/showMind?caseId=case-01');
  topic = String(shown.data.document.root.children[0].data.id);
  version = (await t.post(t.tokens.a, '/api/course/mindStudent/saveStuMind', { caseId: 'case-01', version: 0, document: shown.data.document })).data.version;
  for (const [no, role] of [
    ['L401', 'edit'],
    ['L402', 'view'],
  ])
    expect((await t.post(t.tokens.a, '/api/share/invite', { kind: 'case', mapId: 'case-01', studentNo: no, role })).resultCode).toBe(200);
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => open.forEach((client) => client.ws.terminate()));

const rename = (id: string, text: string) => ({ id, changes: [{ op: 'set', id: topic, key: 'text', before: null, after: text }] });

describe('live socket', () => {
  it('refuses the upgrade without a session or membership', async () => {
    await expect(connectLive(base, 'not-a-token', { mapId: 'case-01', ownerId: A, since: 0 })).rejects.toThrow(/40101/);
    await expect(join(d)).rejects.toThrow(new RegExp(SHARE_MSG.notMember));
  });

  it('members see each other’s sets and presence; an ack carries the server version', async () => {
    const owner = await join(t.tokens.a);
    const member = await join(b);
    expect((await member.next('welcome')).role).toBe('edit');
    expect(await member.next('changes')).toMatchObject({ version, sets: [] });
    await owner.next('presence', (p) => p.memberId === 'stu-live-b');
    owner.send({ type: 'sets', req: 1, base: version, sets: [rename('tabA:1', '一起改')] });
    const ack = await owner.next('ack');
    expect(ack).toMatchObject({ req: 1, version: version + 1, sets: [{ id: 'tabA:1', version: version + 1 }] });
    const seen = await member.next('set');
    expect(seen).toMatchObject({ by: A, set: { id: 'tabA:1', version: version + 1 } });
    member.send({ type: 'presence', selected: topic, editing: null });
    expect(await owner.next('presence', (p) => p.memberId === 'stu-live-b' && p.selected === topic)).toMatchObject({ name: '学生stu-live-b' });
    // B's set, sent on a base one behind: merged in server order, acknowledged with the version it made
    member.send({ type: 'sets', req: 7, base: version, sets: [rename('tabB:1', 'B 的标题')] });
    expect(await member.next('ack')).toMatchObject({ req: 7, version: version + 2, sets: [{ id: 'tabB:1' }] });
    expect(await owner.next('set')).toMatchObject({ by: 'stu-live-b', set: { version: version + 2 } });
    version += 2;
    member.send({ type: 'ping', t: 5 });
    expect(await member.next('pong')).toEqual({ type: 'pong', t: 5 });
  });

  it('a whole save (a member’s first save, an import, a restore) tells every open socket to reload', async () => {
    const owner = await join(t.tokens.a);
    const member = await join(b);
    await member.next('welcome');
    const shown = await t.get(b, `/api/course/mindStudent/showMind?caseId=case-01&studentId=${A}`);
    const saved = await t.post(b, '/api/course/mindStudent/saveStuMind', {
      caseId: 'case-01',
      studentId: A,
      version: shown.data.version,
      document: shown.data.document,
    });
    expect(saved.resultCode).toBe(200);
    // outside walk: the owner's open page (its poll resting while the socket is open) never heard of it
    expect(await owner.next('reload', (m) => m.version === saved.data.version)).toEqual({ type: 'reload', version: saved.data.version });
    expect(await member.next('reload')).toMatchObject({ version: saved.data.version });
    version = saved.data.version;
  });

  it('只读 members are refused every set, in Chinese', async () => {
    const viewer = await join(c);
    viewer.send({ type: 'sets', req: 3, base: version, sets: [rename('tabC:1', '不行')] });
    expect(await viewer.next('refused')).toMatchObject({ req: 3, code: 403, message: SHARE_MSG.readOnly });
    expect((await t.get(t.tokens.a, '/api/course/mindStudent/mapChanges?caseId=case-01&since=0')).data.version).toBe(version);
  });

  it('closes on a malformed frame, an oversized frame and a flood, with a reason code', async () => {
    const bad = await join(b);
    bad.send('{"type":"sets"');
    expect((await bad.closed).code).toBe(LiveClose.malformed);
    const unknown = await join(b);
    unknown.send({ type: 'nope' } as never);
    expect((await unknown.closed).code).toBe(LiveClose.malformed);
    const big = await join(b);
    big.send(Buffer.alloc(LIVE_MAX_FRAME + 1024, 0x20));
    expect((await big.closed).code).toBe(LiveClose.tooBig);
    const flood = await join(c);
    for (let i = 0; i < 400; i++) flood.send({ type: 'ping' });
    expect(await flood.next('slow')).toMatchObject({ ms: 1000 });
    expect((await flood.closed).code).toBe(LiveClose.flood);
  });

  it('each set is checked against the write policy when it comes: graduated mid-session, refused; graduated, no join; the experience account, refused', async () => {
    const member = await join(b);
    await member.next('changes');
    const db = t.database.db;
    await db.updateTable('case_applications').set({ status: 2 }).where('id', '=', 'apply-stu-live-b').execute();
    member.send({ type: 'sets', req: 7, base: version, sets: [rename('tabB:90', '毕业后改的')] });
    expect(await member.next('refused')).toMatchObject({ req: 7, code: 403, message: GRADUATED_MSG });
    expect((await t.get(t.tokens.a, '/api/course/mindStudent/mapChanges?caseId=case-01&since=0')).data.version).toBe(version);
    await expect(join(b)).rejects.toThrow(new RegExp(GRADUATED_MSG));
    await db.updateTable('case_applications').set({ status: 1 }).where('id', '=', 'apply-stu-live-b').execute();
    member.ws.terminate();

    // The experience account may open its own map's socket (to read) but never write through it.
    const shown = await t.get(t.tokens.experience, '/api/course/mindStudent/showMind?caseId=case-01');
    const own = await connectLive(base, t.tokens.experience, { mapId: 'case-01', ownerId: 'stu-0002', since: 0 });
    open.push(own);
    const root = String(shown.data.document.root.data.id);
    own.send({ type: 'sets', req: 8, base: 0, sets: [{ id: 'exp:1', changes: [{ op: 'set', id: root, key: 'note', before: null, after: '体验' }] }] });
    expect(await own.next('refused')).toMatchObject({ req: 8, code: 403, message: EXPERIENCE_MSG });
    expect(await db.selectFrom('map_changes').select('set_id').where('student_id', '=', 'stu-0002').execute()).toEqual([]);
  });

  it('a removed member’s sockets close within a second', async () => {
    const member = await join(b);
    await member.next('changes');
    expect((await t.post(t.tokens.a, '/api/share/remove', { kind: 'case', mapId: 'case-01', memberId: 'stu-live-b' })).resultCode).toBe(200);
    expect((await member.closed).code).toBe(LiveClose.forbidden);
    await expect(join(b)).rejects.toThrow(new RegExp(SHARE_MSG.notMember));
  });
});
