import { Home } from '../features/home/Home';
import { fileRoutes } from './router/file-routes';
import { lazyScreen } from './router/lazy-screen';
import type { AppRoute } from './router/route-types';

/**
 * The route table (SPEC §2). Adding a screen is one entry:
 *
 *   { path: '/course/list', screen: lazyScreen(() => import('../features/course/CourseList'), (m) => m.CourseList) },
 *
 * Routes need login unless `protected: false`; `layout: 'none'` renders without header/footer
 * (the /course/content and /project/content players). Order matters only between patterns that
 * match the same path: put the more specific first. Unknown paths fall through to the 404 page.
 */
export const routes: AppRoute[] = [
  { path: '/', screen: Home, protected: false },
  {
    path: '/forget',
    screen: lazyScreen(
      () => import('../features/auth/Forget'),
      (m) => m.Forget,
    ),
    protected: false,
  },

  // Default children (SPEC §2)
  { path: '/project', redirect: '/project/list' },
  { path: '/course', redirect: '/course/list' },
  { path: '/exam', redirect: '/exam/exam' },

  // Feature screens: one line each, added by the feature that owns the screen.
  {
    path: '/course/list',
    screen: lazyScreen(
      () => import('../features/course/CourseList'),
      (m) => m.CourseList,
    ),
  },
  {
    path: '/course/detail',
    screen: lazyScreen(
      () => import('../features/course/CourseDetail'),
      (m) => m.CourseDetail,
    ),
  },
  {
    path: '/course/content',
    screen: lazyScreen(
      () => import('../features/course/CourseContent'),
      (m) => m.CourseContent,
    ),
    layout: 'none',
  },
  {
    path: '/project/list',
    screen: lazyScreen(
      () => import('../features/project/ProjectList'),
      (m) => m.ProjectList,
    ),
  },
  {
    path: '/project/detail',
    screen: lazyScreen(
      () => import('../features/project/ProjectDetail'),
      (m) => m.ProjectDetail,
    ),
  },
  {
    path: '/project/minder',
    screen: lazyScreen(
      () => import('../features/mindmap/ProjectMinder'),
      (m) => m.ProjectMinder,
    ),
  },
  {
    path: '/personal/myMaps',
    screen: lazyScreen(
      () => import('../features/personal/MyMaps'),
      (m) => m.MyMaps,
    ),
  },
  {
    path: '/personal/myMap',
    screen: lazyScreen(
      () => import('../features/mindmap/OwnMapEditor'),
      (m) => m.OwnMapEditor,
    ),
  },
  {
    path: '/project/mindDetail',
    screen: lazyScreen(
      () => import('../features/mindmap/MindDetail'),
      (m) => m.MindDetail,
    ),
  },
  {
    path: '/project/content',
    screen: lazyScreen(
      () => import('../features/project/ProjectContent'),
      (m) => m.ProjectContent,
    ),
    layout: 'none',
  },
  {
    path: '/exam/exam',
    screen: lazyScreen(
      () => import('../features/exam/Exam'),
      (m) => m.Exam,
    ),
  },
  {
    path: '/exam/answer',
    screen: lazyScreen(
      () => import('../features/exam/Answer'),
      (m) => m.Answer,
    ),
  },
  {
    path: '/exam/courseExam',
    screen: lazyScreen(
      () => import('../features/exam/CourseExam'),
      (m) => m.CourseExam,
    ),
  },
  {
    path: '/exam/courseAnswer',
    screen: lazyScreen(
      () => import('../features/exam/CourseAnswer'),
      (m) => m.CourseAnswer,
    ),
  },
  {
    path: '/practice',
    screen: lazyScreen(
      () => import('../features/practice/PracticeList'),
      (m) => m.PracticeList,
    ),
  },
  {
    path: '/practiceDetail',
    screen: lazyScreen(
      () => import('../features/project/PracticeDetail'),
      (m) => m.PracticeDetail,
    ),
  },

  {
    path: '/personal/myNews',
    screen: lazyScreen(
      () => import('../features/personal/MyNews'),
      (m) => m.MyNews,
    ),
  },
  {
    path: '/personal/newsDetail',
    screen: lazyScreen(
      () => import('../features/personal/NewsDetail'),
      (m) => m.NewsDetail,
    ),
  },
  {
    path: '/personal/myStudy',
    screen: lazyScreen(
      () => import('../features/personal/MyStudy'),
      (m) => m.MyStudy,
    ),
  },
  {
    path: '/personal/review',
    screen: lazyScreen(
      () => import('../features/personal/Review'),
      (m) => m.Review,
    ),
  },
  {
    path: '/personal/myTask',
    screen: lazyScreen(
      () => import('../features/personal/MyTask'),
      (m) => m.MyTask,
    ),
  },
  {
    path: '/task',
    screen: lazyScreen(
      () => import('../features/personal/MyTaskDetail'),
      (m) => m.MyTaskDetail,
    ),
  },
  {
    path: '/set',
    screen: lazyScreen(
      () => import('../features/personal/MySet'),
      (m) => m.MySet,
    ),
  },
  {
    path: '/help',
    screen: lazyScreen(
      () => import('../features/help/Help'),
      (m) => m.Help,
    ),
  },

  // Activity area: generated from src/features/activity/routes/** (see router/file-routes.ts).
  ...fileRoutes(import.meta.glob(['../features/activity/routes/**/*.tsx', '!**/*.test.tsx']), '../features/activity/routes/'),
];
