// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileRoutes, routePathOf } from './file-routes';

describe('routePathOf', () => {
  it('puts a file ending in index at its folder path', () => {
    expect(routePathOf('activity/index.tsx')).toBe('/activity');
    expect(routePathOf('./tutorDetail/index.tsx')).toBe('/tutorDetail');
    expect(routePathOf('index.tsx')).toBe('/');
  });
  it('puts any other file at folder/name', () => {
    expect(routePathOf('activity/signUp.tsx')).toBe('/activity/signUp');
    expect(routePathOf('tutorDetail.tsx')).toBe('/tutorDetail');
    expect(routePathOf('a/b/c.ts')).toBe('/a/b/c');
  });
});

describe('fileRoutes', () => {
  it('makes one lazy, protected-by-default route per file and skips tests', () => {
    const load = async () => ({ Screen: () => null });
    const routes = fileRoutes(
      {
        '../features/activity/routes/activity/index.tsx': load,
        '../features/activity/routes/tutorDetail/index.tsx': load,
        '../features/activity/routes/activity/index.test.tsx': load,
        '../elsewhere/x.tsx': load,
      },
      '../features/activity/routes/',
    );
    expect(routes.map((r) => r.path).sort()).toEqual(['/activity', '/tutorDetail']);
    for (const r of routes) {
      expect(r.protected).toBeUndefined();
      expect(typeof r.screen).toBe('object'); // React.lazy
    }
  });
});
