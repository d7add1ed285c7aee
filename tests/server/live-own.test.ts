import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClose } from '../../src/contract/live';
import { SHARE_MSG } from '../../src/contract/sharing';
import { useTestApp } from './test-app';
import { NORMAL } from './helpers';
import { addStudent } from './security/students';
import { connectLive, type LiveClient } from './live-client';

// The live socket on a 我的导图 map (kind 'own'): A (stu-0001) shares an own map with B (可编辑)
// and C (只读); D is no member. Sets over HTTP and over the socket reach every open copy; a
// whole save makes them reload; removal and 回收站 close the sockets.
const t = useTestApp({ a: NORMAL });
const A = 'stu-0001';
const port = process.env.TEST_DB === 'postgres' ? 4754 : 4753;
const base = `http://127.0.0.1:${port}`;
let b: string;
let c: string;
let d: string;
let mapId: string;
let version: number;
const open: LiveClient[] = [];
const join = async (token: string, since = version, ownerId = A) => {
  const client = await connectLive(base, token, { kind: 'own', mapId, ownerId, since });
  open.push(client);
  return client;
};
const DOC = {
  root: { data: { id: 'r', text: '共享导图' }, children: [{ data: { id: 't1', text: '一' } }, { data: { id: 't2', text: '二' } }] },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};
const rename = (id: string, topic: string, text: string) => ({ id, changes: [{ op: 'set', id: topic, key: 'text', before: null, after: text }] });

beforeAll(async () => {
  const db = t.database.db;
  b = await addStudent(t, 'stu-lo-b', '13700000501');
  c = await addStudent(t, 'stu-lo-c', '13700000502');
  d = await addStudent(t, 'stu-lo-d', '13700000503');
  for (const [id, no] of [
    ['stu-lo-b', 'LO501'],
    ['stu-lo-c', 'LO502'],
    ['stu-lo-d', 'LO503'],
  ])
    await db.updateTable('students').set({ student_no: no }).where('id', '=', id).execute();
  mapId = (await t.post(t.tokens.a, '/api/mymaps/create', { template: 'blank', title: '共享导图' })).data.mapId;
  version = (await t.post(t.tokens.a, '/api/mymaps/save', { mapId, version: 1, document: DOC })).data.version;
  for (const [no, role] of [
    ['LO501', 'edit'],
    ['LO502', 'view'],
  ])
    expect((await t.post(t.tokens.a, '/api/share/invite', { kind: 'own', mapId, studentNo: no, role })).resultCode).toBe(200);
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => open.forEach((client) => client.ws.terminate()));

describe('live socket on an own map', () => {
  it('refuses a stranger, and an owner id that is not the map’s', async () => {
    await expect(join(d)).rejects.toThrow(new RegExp(SHARE_MSG.notMember));
    await expect(join(b, version, 'stu-lo-c')).rejects.toThrow(new RegExp(SHARE_MSG.notMember));
  });

  it('owner and member see each other’s sets (socket and HTTP) and presence; 只读 is refused in Chinese', async () => {
    const owner = await join(t.tokens.a);
    const member = await join(b);
    expect((await member.next('welcome')).role).toBe('edit');
    expect(await member.next('changes')).toMatchObject({ version, sets: [] });
    await owner.next('presence', (p) => p.memberId === 'stu-lo-b');
    owner.send({ type: 'sets', req: 1, base: version, sets: [rename('tabA:1', 't1', '甲')] });
    expect(await owner.next('ack')).toMatchObject({ req: 1, version: version + 1 });
    expect(await member.next('set')).toMatchObject({ by: A, set: { id: 'tabA:1', version: version + 1 } });
    // a member's HTTP save reaches the owner's socket too
    const http = await t.post(b, '/api/mymaps/saveChanges', { mapId, base: version, sets: [rename('tabB:1', 't2', '乙')] });
    expect(http.data.version).toBe(version + 2);
    expect(await owner.next('set')).toMatchObject({ by: 'stu-lo-b', set: { id: 'tabB:1', version: version + 2 } });
    version += 2;
    const viewer = await join(c);
    expect((await viewer.next('welcome')).role).toBe('view');
    viewer.send({ type: 'sets', req: 3, base: version, sets: [rename('tabC:1', 't1', '丙')] });
    expect(await viewer.next('refused')).toMatchObject({ req: 3, code: 403, message: SHARE_MSG.readOnly });
    const shown = (await t.get(b, `/api/mymaps/show?mapId=${mapId}`)).data;
    expect(shown.document.root.children.map((n: { data: { text: string } }) => n.data.text)).toEqual(['甲', '乙']);
  });

  it('a whole save tells every open socket to reload', async () => {
    const member = await join(b);
    await member.next('changes');
    const saved = await t.post(t.tokens.a, '/api/mymaps/save', { mapId, version, document: DOC });
    expect(saved.resultCode).toBe(200);
    expect(await member.next('reload')).toMatchObject({ version: saved.data.version });
    version = saved.data.version;
  });

  it('a removed member’s socket closes; deleting the map (回收站) closes the rest', async () => {
    const member = await join(b);
    const owner = await join(t.tokens.a);
    await member.next('changes');
    await owner.next('changes');
    expect((await t.post(t.tokens.a, '/api/share/remove', { kind: 'own', mapId, memberId: 'stu-lo-b' })).resultCode).toBe(200);
    expect((await member.closed).code).toBe(LiveClose.forbidden);
    expect((await t.post(t.tokens.a, '/api/mymaps/delete', { mapId })).resultCode).toBe(200);
    expect((await owner.closed).code).toBe(LiveClose.gone);
  });
});
