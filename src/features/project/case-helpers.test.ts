// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { classifyPath, classifyRows, resourceAction, visibleNodes } from './case-helpers';
import { isExperienceAccount } from './access';

const tree = [
  { uuid: 'se', name: '软件工程', parentId: '0', children: [{ uuid: 'web', name: 'Web应用开发', parentId: 'se', children: [] }] },
  { uuid: 'ai', name: '人工智能', parentId: '0', children: [] },
];

describe('classification filter', () => {
  it('finds the path to a nested id', () => {
    expect(classifyPath(tree, 'web').map((t) => t.uuid)).toEqual(['se', 'web']);
    expect(classifyPath(tree, 'nope')).toEqual([]);
    expect(classifyPath(tree, '')).toEqual([]);
  });

  it('derives the top row, and the sub row of the selected top level', () => {
    expect(classifyRows(tree, '')).toEqual({
      top: [
        { value: 'se', label: '软件工程' },
        { value: 'ai', label: '人工智能' },
      ],
      topValue: '',
      sub: [],
      subValue: '',
    });
    expect(classifyRows(tree, 'web')).toMatchObject({ topValue: 'se', sub: [{ value: 'web', label: 'Web应用开发' }], subValue: 'web' });
    expect(classifyRows(tree, 'se')).toMatchObject({ topValue: 'se', subValue: '' });
  });
});

describe('resource actions (SPEC §2)', () => {
  it('opens a link (type 2) in a new tab with http:// prefixed', () => {
    expect(resourceAction('c', 'n', '节点', { uuid: 'r', fileName: '参考', fileSuffixCode: 2, fileId: '', fileUrl: 'example.com/a', duration: 0 })).toEqual({
      kind: 'link',
      url: 'http://example.com/a',
    });
    expect(resourceAction('c', 'n', '节点', { uuid: 'r', fileName: '参考', fileSuffixCode: 2, fileId: '', fileUrl: 'HTTPS://x.cn', duration: 0 })).toEqual({
      kind: 'link',
      url: 'HTTPS://x.cn',
    });
  });

  it('sends other types to ProjectContent with nodeId, caseId, nodeName, resourceId, fileSuffix, fileName', () => {
    const a = resourceAction('case-1', 'n-1', '需求 分析', { uuid: 'r-1', fileName: '讲解.mp4', fileSuffixCode: 3, fileId: 'f', fileUrl: '/f', duration: 9 });
    expect(a.kind).toBe('content');
    const to = a.kind === 'content' ? a.to : '';
    const [path, query] = to.split('?');
    expect(path).toBe('/project/content');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      nodeId: 'n-1',
      caseId: 'case-1',
      nodeName: '需求 分析',
      resourceId: 'r-1',
      fileSuffix: '3',
      fileName: '讲解.mp4',
    });
  });
});

describe('experience account', () => {
  it('is customerType 1 only', () => {
    expect(isExperienceAccount({ customerType: 1 })).toBe(true);
    expect(isExperienceAccount({ customerType: '1' })).toBe(true);
    expect(isExperienceAccount({ customerType: 0 })).toBe(false);
    expect(isExperienceAccount(null)).toBe(false);
  });
});

describe('visibleNodes', () => {
  it('drops the root and resource-less deep prompts, keeps chapters, topics and deep nodes with resources', () => {
    const n = (nodeId: string, level: number, resourceCount: number) => ({ nodeId, level, resourceCount });
    expect(visibleNodes([n('root', 1, 0), n('ch', 2, 0), n('topic', 3, 1), n('prompt', 4, 0), n('deep', 4, 2)]).map((x) => x.nodeId)).toEqual([
      'ch',
      'topic',
      'deep',
    ]);
  });
});
