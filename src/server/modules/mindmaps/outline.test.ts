import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/server/test-app';
import { NORMAL, applyTo } from '../../../../tests/server/helpers';
import { outlineDescribes } from './document';

// getMindOutline / saveOutline: the stored outline always describes the stored map.

const t = useTestApp({ normal: NORMAL });

const outlineOf = async (caseId: string) => (await t.get(t.tokens.normal, `/api/course/mindStudent/getMindOutline?caseId=${caseId}`)).data;
const saveOutline = (payload: object) => t.post(t.tokens.normal, '/api/course/mindStudent/saveOutline', payload);
const saveMap = (payload: object) => t.post(t.tokens.normal, '/api/course/mindStudent/saveStuMind', payload);
const doc = {
  root: {
    data: { id: 'r', text: '根' },
    children: [{ data: { id: 'a', text: '甲' }, children: [{ data: { id: 'b', text: '乙' } }] }, { data: { id: 'c', text: '丙\n续' } }],
  },
  template: 'default',
  theme: 'fresh-blue',
  version: '1.4.43',
};

// Saving is studying: only in cases the student applied to.
beforeAll(() => applyTo(t.app, t.tokens.normal, 'case-04', 'case-06'));

describe('mind-map outline', () => {
  it('reads tabs, four spaces and blank lines like the editor import', () => {
    const map = {
      root: { data: { text: '根' }, children: [{ data: { text: '甲' }, children: [{ data: { text: '乙' } }] }, { data: { text: '  丙' } }] },
      template: 'default',
      theme: 'fresh-blue',
      version: '1.4.43',
    };
    expect(outlineDescribes('根\r\n    甲\n\n\t    乙\r\t  丙', map)).toBe(true);
    expect(outlineDescribes('根\n\t甲\n\t乙\n\t  丙', map)).toBe(false);
    expect(outlineDescribes('根\n\t\t甲', map)).toBe(false); // skipped level: not an outline the editor applies
  });

  it('derives the outline of the official map until the student saves one (version 0)', async () => {
    const o = await outlineOf('case-04');
    expect(o.version).toBe(0);
    expect(o.outline.split('\n')[0]).toBe('零售门店销售数据分析');
    expect(o.outline).toContain('\t数据获取');
    // Saving the same outline on the official map stores nothing and creates no version.
    expect(await saveOutline({ caseId: 'case-04', outline: o.outline.replace(/\t/g, '    '), version: 0 })).toMatchObject({
      resultCode: 200,
      data: { version: 0 },
    });
    expect((await t.get(t.tokens.normal, '/api/course/mindStudent/checkIssue?caseId=case-04')).data.hasOwn).toBe(0);
  });

  it('keeps the student’s wording of an outline that describes the saved map', async () => {
    expect((await saveMap({ caseId: 'case-06', document: doc, version: 0 })).data.version).toBe(1);
    expect((await outlineOf('case-06')).outline).toBe('根\n\t甲\n\t\t乙\n\t丙\\n续');
    const mine = '根\n    甲\n        乙\n\n    丙\\n续\n';
    expect(await saveOutline({ caseId: 'case-06', outline: mine, version: 1 })).toMatchObject({ resultCode: 200, data: { version: 1 } });
    expect(await outlineOf('case-06')).toEqual({ outline: mine, version: 1 });
  });

  it('refuses an outline that differs from the map or a stale version, storing nothing', async () => {
    const before = await outlineOf('case-06');
    const other = await saveOutline({ caseId: 'case-06', outline: '根\n\t子', version: 1 });
    expect(other).toMatchObject({ resultCode: 409, data: { version: 1 } });
    expect(other.errMsg).toBe('大纲与导图不一致，请先将大纲应用到导图');
    expect((await saveOutline({ caseId: 'case-06', outline: '根\n\t子' })).resultCode).toBe(409);
    const stale = await saveOutline({ caseId: 'case-06', outline: before.outline, version: 0 });
    expect(stale).toMatchObject({ resultCode: 409, data: { version: 1 } });
    expect(await outlineOf('case-06')).toEqual(before);
  });

  it('a new map save replaces the stored outline with the one derived from the new map', async () => {
    const next = { ...doc, root: { data: { id: 'r', text: '新根' }, children: [] } };
    expect((await saveMap({ caseId: 'case-06', document: next, version: 1 })).data.version).toBe(2);
    expect(await outlineOf('case-06')).toEqual({ outline: '新根', version: 2 });
  });

  it('validates the body', async () => {
    expect((await saveOutline({ caseId: 'case-06', outline: '新根', version: -1 })).resultCode).toBe(400);
    expect((await saveOutline({ caseId: 'case-06' })).resultCode).toBe(400);
  });
});
