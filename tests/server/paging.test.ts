import { describe, expect, it } from 'vitest';
import { useTestApp } from './test-app';
import { NORMAL, call } from './helpers';

// Lists read their total with the rows (count(*) over ()); a page past the end, which has no
// row to carry it, must still report the true total.
const t = useTestApp({ normal: NORMAL });
const { tokens } = t;

const lists = [
  '/api/course/caseDetails/queryCasePage?caseType=1',
  '/api/course/officialCourse/pages?',
  '/api/customer/teacherResume/getTeacherPage?',
  '/api/customer/userMessage/pageMsg?',
  '/api/basic/helpCenter/helpCenterPage?',
];

describe('list totals', () => {
  it('are the same on the first page, a middle page and a page past the end', async () => {
    for (const url of lists) {
      const first = await call(t.app, tokens.normal, { method: 'GET', url: `${url}&currentNum=1&currentSize=2` });
      expect(first.resultCode, url).toBe(200);
      const total = first.data.total;
      expect(total, url).toBeGreaterThan(2);
      expect(first.data.records, url).toHaveLength(2);
      const second = await call(t.app, tokens.normal, { method: 'GET', url: `${url}&currentNum=2&currentSize=2` });
      expect(second.data.total, url).toBe(total);
      const past = await call(t.app, tokens.normal, { method: 'GET', url: `${url}&currentNum=500&currentSize=2` });
      expect(past.data, url).toMatchObject({ total, records: [], pages: Math.ceil(total / 2), current: 500 });
      expect(JSON.stringify(first.data.records), url).not.toContain('total_count');
    }
  });

  it('an empty search is total 0', async () => {
    const res = await call(t.app, tokens.normal, {
      method: 'GET',
      url: '/api/course/caseDetails/queryCasePage?name=%E4%B8%8D%E5%AD%98%E5%9C%A8%E7%9A%84&currentNum=1&currentSize=10',
    });
    expect(res.data).toMatchObject({ total: 0, records: [], pages: 0 });
  });
});
