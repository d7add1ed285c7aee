// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CourseNode } from './api';
import { courseProgress, sectionPath, sectionsOf } from './course-tree';

const section = (id: string, isStudy: number, duration = 60, recommendUrl = ''): CourseNode => ({
  uuid: id,
  nodeId: id,
  name: `节 ${id}`,
  parentId: 'c',
  nodeType: 2,
  videoId: `v-${id}`,
  duration,
  recommendUrl,
  isStudy,
  children: [],
});
const chapter = (id: string, children: CourseNode[]): CourseNode => ({
  uuid: id,
  nodeId: id,
  name: `章 ${id}`,
  parentId: '0',
  nodeType: 1,
  videoId: '',
  duration: 0,
  recommendUrl: '',
  isStudy: 0,
  children,
});

describe('course tree helpers', () => {
  const tree = [chapter('c1', [section('s1', 1), section('s2', 2, 120)]), chapter('c2', [section('s3', 0, 30, 'www.icourse163.org')]), chapter('empty', [])];

  it('lists sections in reading order and skips empty chapters', () => {
    expect(sectionsOf(tree).map((s) => s.uuid)).toEqual(['s1', 's2', 's3']);
  });

  it('counts progress and picks the section in progress to continue with', () => {
    const p = courseProgress(tree);
    expect(p).toMatchObject({ sections: 3, done: 1, duration: 210 });
    expect(p.next?.uuid).toBe('s2');
    expect(courseProgress([chapter('c', [section('a', 1), section('b', 0)])]).next?.uuid).toBe('b');
    expect(courseProgress([chapter('c', [section('a', 1)])]).next?.uuid).toBe('a');
    expect(courseProgress([]).next).toBeUndefined();
  });

  it('builds the CourseContent query of SPEC §2', () => {
    const [path, query] = sectionPath('course-1', section('s2', 2, 120)).split('?');
    expect(path).toBe('/course/content');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ courseId: 'course-1', videoId: 'v-s2', nodeId: 's2', name: '节 s2', duration: '120' });
  });
});
