import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL } from '../../../../tests/server/helpers';

const t = useTestApp({ normal: NORMAL });
const { get, tokens } = t;

// What a card of the signed-in lists has that a preview must not: anything about a student.
const PRIVATE = ['applyStatus', 'progress', 'isSignUp', 'uuid', 'createTime', 'classifyId'];

describe('public catalogue (issue 18 item 7)', () => {
  it('courses: previews without login, with the same rows, covers and counts as the signed-in list, and no private field', async () => {
    const pub = await get(null, '/api/course/public/coursePage?currentSize=24');
    expect(pub.resultCode).toBe(200);
    const signedIn = await get(tokens.normal, '/api/course/officialCourse/pages?currentSize=24');
    expect(pub.data.total).toBe(signedIn.data.total);
    expect(pub.data.records.map((c: { courseId: string }) => c.courseId)).toEqual(signedIn.data.records.map((c: { courseId: string }) => c.courseId));
    for (const [i, c] of (pub.data.records as Record<string, unknown>[]).entries()) {
      expect(Object.keys(c).sort()).toEqual(['category', 'courseId', 'cover', 'intro', 'name', 'sectionCount', 'studyCount', 'teacherName']);
      const full = signedIn.data.records[i];
      expect(c).toMatchObject({
        name: full.name,
        cover: full.cover,
        teacherName: full.teacherName,
        studyCount: full.studyCount,
        sectionCount: full.sectionCount,
      });
    }
    // a token changes nothing: the route never reads it
    expect(await get(tokens.normal, '/api/course/public/coursePage?currentSize=24')).toEqual(pub);
    const search = await get(null, `/api/course/public/coursePage?name=${encodeURIComponent('Python')}`);
    expect(search.data.records.map((c: { name: string }) => c.name)).toEqual(['Python程序设计基础']);
  });

  it('cases and practice: previews without login, no private field, counts as the detail pages show them', async () => {
    for (const caseType of [1, 2]) {
      const pub = await get(null, `/api/course/public/casePage?caseType=${caseType}&currentSize=24`);
      const signedIn = await get(tokens.normal, `/api/course/caseDetails/queryCasePage?caseType=${caseType}&currentSize=24`);
      expect(pub.data.total).toBe(signedIn.data.total);
      for (const [i, c] of (pub.data.records as Record<string, unknown>[]).entries()) {
        for (const key of PRIVATE) expect(c, key).not.toHaveProperty(key);
        const full = signedIn.data.records[i];
        expect(c).toMatchObject({
          caseId: full.caseId,
          caseType,
          cover: full.cover,
          studyCount: full.studyCount,
          nodeCount: full.nodeCount,
          teacherName: full.teacherName,
        });
      }
    }
    // the student's own case (李明 studies case-01) looks the same to everyone
    const mine = (await get(tokens.normal, '/api/course/public/casePage')).data.records.find((c: { caseId: string }) => c.caseId === 'case-01');
    expect(mine).not.toHaveProperty('applyStatus');
  });

  it('pages are bounded', async () => {
    expect((await get(null, '/api/course/public/casePage?currentSize=25')).resultCode).toBe(400);
    expect((await get(null, '/api/course/public/coursePage?currentSize=1000')).resultCode).toBe(400);
    expect((await get(null, '/api/course/public/casePage?caseType=3')).resultCode).toBe(400);
    expect((await get(null, '/api/course/public/coursePage')).data.size).toBe(8);
  });
});

describe('covers (issue 18 item 4)', () => {
  const covers = async () =>
    [
      ...(await get(null, '/api/course/public/coursePage?currentSize=24')).data.records,
      ...(await get(null, '/api/course/public/casePage?caseType=1&currentSize=24')).data.records,
      ...(await get(null, '/api/course/public/casePage?caseType=2&currentSize=24')).data.records,
    ].map((c: { name: string; cover: string }) => c);

  it('every course and case has its own cover: an SVG with its title, cached for good under its versioned URL', async () => {
    const items = await covers();
    expect(items.length).toBe(26);
    expect(new Set(items.map((c) => c.cover)).size).toBe(items.length);
    const bodies = new Set<string>();
    for (const c of items) {
      expect(c.cover).toMatch(/^\/api\/course\/cover\/cover-[\w-]+\?v=[\w-]{16}$/);
      const res = await t.app.inject({ method: 'GET', url: c.cover });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toContain(`<title>${c.name}</title>`);
      expect(res.body).not.toMatch(/<script|on\w+=|href=/i);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(items.length);
  });

  it('an unversioned or stale URL is revalidated by ETag; an unknown cover is 404', async () => {
    const [first] = await covers();
    const url = first!.cover.replace(/\?.*$/, '');
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/api/course/cover/cover-nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/course/cover/a%20b' })).json()).toMatchObject({ resultCode: 400 });
  });
});
