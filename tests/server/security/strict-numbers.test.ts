import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { NORMAL } from '../helpers';

// Number fields take plain decimals only (http/strict-numbers.ts): the validator's coercion turned
// "1e3", "0x10", " 1" and true into numbers (outside probe, issue 21 D).
const t = useTestApp({ normal: NORMAL });
const { get, post, tokens } = t;

describe('number inputs are plain decimals', () => {
  it('refuses exponent, hex, padded and boolean numbers in a JSON body, and takes a plain one', async () => {
    const outline = (version: unknown) => post(tokens.normal, '/api/course/mindStudent/saveOutline', { caseId: 'case-01', outline: '根\n', version });
    for (const version of ['1e3', '0x10', ' 1', '1', true, 1.5])
      expect(await outline(version), JSON.stringify(version)).toMatchObject({ resultCode: 400, errMsg: expect.stringMatching(/^参数格式错误/) });
    expect((await outline(0)).resultCode).not.toBe(400);
  });

  it('refuses exponent, hex, padded and signed numbers in a query string, and takes digits', async () => {
    for (const n of ['1e0', '0x1', '%201', '%2B1', '1.0', 'true']) {
      expect(await get(tokens.normal, `/api/customer/userMessage/pageMsg?currentNum=${n}&currentSize=10`), n).toMatchObject({
        resultCode: 400,
        errMsg: '参数格式错误：页码',
      });
    }
    expect((await get(tokens.normal, '/api/customer/userMessage/pageMsg?currentNum=1&currentSize=10')).resultCode).toBe(200);
  });

  it('study-record flags take 0, 1 or 2 only, as a number or a digit string', async () => {
    const node = (await t.database.db.selectFrom('study_resources').select('node_id').where('id', '=', 'case-01-r07').executeTakeFirstOrThrow()).node_id;
    const record = (extra: object) =>
      post(tokens.normal, '/api/course/studyRecord/addRecord', { caseId: 'case-01', nodeId: node, resourceId: 'case-01-r07', ...extra });
    for (const bad of [{ fileSuffix: -1 }, { fileSuffix: '-1' }, { isStudy: -1 }, { isStudy: '-1' }, { isStudy: '3' }, { isStudy: ' 1' }])
      expect((await record(bad)).resultCode, JSON.stringify(bad)).toBe(400);
    expect((await record({ fileSuffix: '2', isStudy: '1' })).resultCode).toBe(200);
    expect((await record({ fileSuffix: 2, isStudy: 1 })).resultCode).toBe(200);
  });
});
