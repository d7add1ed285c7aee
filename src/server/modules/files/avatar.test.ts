import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { GRADUATED, NORMAL } from '../../../../tests/server/helpers';
import { up as clearForeignAvatars } from '../../db/migrations/2026-11-27-f3-avatar-refs';
import { AVATAR_MSG } from './avatar';

const t = useTestApp({ li: NORMAL, wang: GRADUATED });
const { tokens, get, post } = t;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('avatar-bytes')]);

async function uploadAs(token: string, filename: string, content: Buffer) {
  const boundary = '----xuetu' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/folder/file/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
  return res.json().data as { uid: string; fileUrl: string };
}
const setAvatar = (token: string, userPicUrl: string) => post(token, '/api/customer/login/updateUserInfo', { userPicUrl });
// 王芳 (stu-0003) leads the case-01 ranking that 李明 sees.
const rankingAvatar = async () =>
  (await get(tokens.li, '/api/course/caseApply/getRanking?caseId=case-01')).data.find((r: { username: string }) => r.username === '王*').userPicUrl;

describe('avatars', () => {
  it('are only images the student uploaded: no other site, no look-alike path, no one else’s file', async () => {
    const ownPng = await uploadAs(tokens.wang, 'me.png', PNG);
    const ownPdf = await uploadAs(tokens.wang, 'cv.pdf', Buffer.from('%PDF-1.4'));
    const hisPng = await uploadAs(tokens.li, 'him.png', PNG);
    const refused = [
      '/\\attacker.example/x.png',
      '/\\/attacker.example/x.png',
      '\\\\attacker.example/x.png',
      'https://tracker.example/p.gif',
      'http://127.0.0.1/x.png',
      '//evil.example/x.png',
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:image/png;base64,AA',
      'vbscript:x',
      '/avatar-male.svg',
      '/api/folder/resource/file/vod/file-demo-video',
      `${ownPng.fileUrl}?x=1`,
      `${ownPng.fileUrl}/..`,
      `/api/folder/resource/file/vod/../vod/${ownPng.uid}`,
      ownPdf.fileUrl,
      hisPng.fileUrl,
      `/api/folder/resource/file/download?uid=${ownPng.uid}`,
    ];
    for (const bad of refused) expect(await setAvatar(tokens.wang, bad), bad).toMatchObject({ resultCode: 400, errMsg: AVATAR_MSG });
    // exactly the path: with spaces around it, it is no path we gave out
    expect(await setAvatar(tokens.wang, ` ${ownPng.fileUrl}`)).toMatchObject({ resultCode: 400, errMsg: AVATAR_MSG });
    expect((await setAvatar(tokens.wang, ownPng.fileUrl)).data.userPicUrl).toBe(ownPng.fileUrl);
    expect((await setAvatar(tokens.wang, '')).data.userPicUrl).toBe('');
  });

  it('reach other students in the ranking only as such an image, which their browsers can load without a token', async () => {
    // values stored before this rule: the ranking shows none of them
    for (const legacy of ['https://tracker.example/p.gif', '/\\attacker.example/x.png', 'javascript:alert(1)']) {
      await t.database.db.updateTable('students').set({ avatar: legacy }).where('id', '=', 'stu-0003').execute();
      expect(await rankingAvatar(), legacy).toBe('');
    }
    const png = await uploadAs(tokens.wang, 'me.png', PNG);
    const notAvatar = await uploadAs(tokens.wang, 'other.png', PNG);
    expect((await setAvatar(tokens.wang, png.fileUrl)).resultCode).toBe(200);
    expect(await rankingAvatar()).toBe(png.fileUrl);
    const img = await t.app.inject({ method: 'GET', url: png.fileUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // the student's other uploads stay private, and so does this one once it is no longer the avatar
    expect((await t.app.inject({ method: 'GET', url: notAvatar.fileUrl })).statusCode).toBe(404);
    await setAvatar(tokens.wang, '');
    expect((await t.app.inject({ method: 'GET', url: png.fileUrl })).statusCode).toBe(404);
  });

  it('stored before the rule are cleared by the migration unless they are such an image', async () => {
    const png = await uploadAs(tokens.li, 'mine.png', PNG);
    const pdf = await uploadAs(tokens.li, 'mine.pdf', Buffer.from('%PDF-1.4'));
    const set = (id: string, avatar: string) => t.database.db.updateTable('students').set({ avatar }).where('id', '=', id).execute();
    const avatarOf = async (id: string) => (await t.database.db.selectFrom('students').select('avatar').where('id', '=', id).executeTakeFirstOrThrow()).avatar;
    for (const [value, kept] of [
      [png.fileUrl, true],
      [pdf.fileUrl, false],
      ['https://tracker.example/p.gif', false],
      ['/\\attacker.example/x.png', false],
    ] as const) {
      await set('stu-0001', value);
      await set('stu-0003', png.fileUrl); // someone else's image
      await clearForeignAvatars(t.database.db as unknown as Kysely<unknown>);
      expect(await avatarOf('stu-0001'), value).toBe(kept ? value : '');
      expect(await avatarOf('stu-0003')).toBe('');
    }
  });
});
