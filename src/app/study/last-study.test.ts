// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CaseLastRecord, CourseLastRecord } from '../../contract/study';
import { describeLastRecord, lastRecordAction, recordMarker, resourceTitle } from './last-study';

const caseRec = (over: Partial<CaseLastRecord> = {}): CaseLastRecord => ({
  uuid: 'r',
  isType: 0,
  isStudy: 2,
  nodeId: 'n-1',
  nodeName: '原型设计',
  name: '校园二手交易平台',
  caseId: 'case-01',
  resourceId: 'res-1',
  fileId: 'f',
  fileName: '原型讲解.webm',
  fileUrl: '/api/folder/resource/file/vod/f',
  fileSuffixCode: 3,
  duration: 125,
  videoId: 'f',
  recommendUrl: '',
  ...over,
});
const courseRec = (over: Partial<CourseLastRecord> = {}): CourseLastRecord => ({
  uuid: 'r',
  isType: 1,
  isStudy: 1,
  nodeId: 's-1',
  nodeName: '1.3 循环',
  name: 'Python程序设计基础',
  courseId: 'course-01',
  fileId: 'vid',
  fileName: '',
  fileUrl: '/v',
  fileSuffixCode: 3,
  duration: 3725,
  videoId: 'vid',
  recommendUrl: '',
  ...over,
});
const query = (to: string) => Object.fromEntries(new URLSearchParams(to.split('?')[1]));

describe('last study record card (SPEC §2)', () => {
  it('marks isStudy 0 未开始, 1 已完成, anything else 学习中', () => {
    expect([0, '0', 1, '1', 2, 9].map(recordMarker)).toEqual(['未开始', '未开始', '已完成', '已完成', '学习中', '学习中']);
  });

  it('shows a case (isType 0) as 项目案例 with name, node and a file line by file type', () => {
    expect(describeLastRecord(caseRec())).toEqual({
      label: '项目案例',
      title: '校园二手交易平台',
      node: '原型设计',
      line: { kind: 'video', text: '原型讲解', duration: '02:05' },
      marker: '学习中',
    });
    expect(describeLastRecord(caseRec({ fileSuffixCode: 2, fileName: '参考资料' })).line).toEqual({ kind: 'link', text: '参考资料', duration: undefined });
    for (const code of [0, 1, 4])
      expect(describeLastRecord(caseRec({ fileSuffixCode: code, fileName: 'f' })).line).toEqual({ kind: 'text', text: 'f', duration: undefined });
    expect(describeLastRecord(caseRec({ duration: 3725 })).line.duration).toBe('01:02:05');
  });

  it('shows anything else as 专业课程: a link line with a recommend URL, else a video line with section and duration', () => {
    expect(describeLastRecord(courseRec())).toEqual({
      label: '专业课程',
      title: 'Python程序设计基础',
      line: { kind: 'video', text: '1.3 循环', duration: '01:02:05' },
      marker: '已完成',
    });
    expect(describeLastRecord(courseRec({ isType: 2, recommendUrl: 'www.icourse163.org', isStudy: 0 }))).toEqual({
      label: '专业课程',
      title: 'Python程序设计基础',
      line: { kind: 'link', text: '1.3 循环' },
      marker: '未开始',
    });
  });

  it('opens a case link in a new tab with http:// prefixed and names the study record to post', () => {
    expect(lastRecordAction(caseRec({ fileSuffixCode: 2, fileUrl: 'developer.mozilla.org/zh-CN/' }))).toEqual({
      kind: 'open',
      url: 'http://developer.mozilla.org/zh-CN/',
      record: { caseId: 'case-01', nodeId: 'n-1', resourceId: 'res-1' },
    });
    expect(lastRecordAction(caseRec({ fileSuffixCode: 2, fileUrl: 'https://a.cn' }))).toMatchObject({ kind: 'open', url: 'https://a.cn' });
  });

  it('sends other case files to ProjectContent with nodeId, caseId, nodeName, resourceId, fileSuffix, fileName', () => {
    for (const code of [0, 1, 3, 4]) {
      const a = lastRecordAction(caseRec({ fileSuffixCode: code }));
      expect(a.kind).toBe('go');
      const to = a.kind === 'go' ? a.to : '';
      expect(to.split('?')[0]).toBe('/project/content');
      expect(query(to)).toEqual({
        nodeId: 'n-1',
        caseId: 'case-01',
        nodeName: '原型设计',
        resourceId: 'res-1',
        fileSuffix: String(code),
        fileName: '原型讲解.webm',
      });
    }
  });

  it('opens a course recommend URL in a new tab, else goes to CourseContent with courseId, videoId, nodeId, name, duration', () => {
    expect(lastRecordAction(courseRec({ recommendUrl: 'www.icourse163.org' }))).toEqual({ kind: 'open', url: 'http://www.icourse163.org' });
    const a = lastRecordAction(courseRec());
    const to = a.kind === 'go' ? a.to : '';
    expect(to.split('?')[0]).toBe('/course/content');
    expect(query(to)).toEqual({ courseId: 'course-01', videoId: 'vid', nodeId: 's-1', name: '1.3 循环', duration: '3725' });
  });
});

describe('resourceTitle (issue 18 item 8: the card showed 原型设计讲解视频.webm)', () => {
  it('drops the file extension, keeps names without one', () => {
    expect(resourceTitle('原型设计讲解视频.webm')).toBe('原型设计讲解视频');
    expect(resourceTitle('需求分析讲义.pdf')).toBe('需求分析讲义');
    expect(resourceTitle('用户调研参考资料')).toBe('用户调研参考资料');
    expect(resourceTitle('Vue.js入门')).toBe('Vue.js入门');
    expect(resourceTitle('.env')).toBe('.env');
  });
});
