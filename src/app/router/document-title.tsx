import { useEffect, useRef, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';

// The document title per screen (`课程详情 - 学图`), set in one place, the app shell: a tab, the
// history list and a screen reader all name the page the student is on. A screen with a name of
// its own (an opened map) adds it with useTitleDetail; everything else comes from this table.

export const SITE_NAME = '学图';

/** Each route's title (SPEC §2); a path not listed is the 404 page. */
export const ROUTE_TITLES: Readonly<Record<string, string>> = {
  '/': '首页',
  // (redirects to their first child: no 页面不存在 between)
  '/course': '专业课程',
  '/project': '项目案例',
  '/exam': '在线考试',
  '/forget': '忘记密码',
  '/course/list': '专业课程',
  '/course/detail': '课程详情',
  '/course/content': '课程学习',
  '/project/list': '项目案例',
  '/project/detail': '案例详情',
  '/project/minder': '思维导图',
  '/project/mindDetail': '知识点详情',
  '/project/content': '案例学习',
  '/personal/myMaps': '我的导图',
  '/personal/myMap': '我的导图',
  '/exam/exam': '在线考试',
  '/exam/answer': '节点测验',
  '/exam/courseExam': '课程考试',
  '/exam/courseAnswer': '课程考试',
  '/practice': '实践训练',
  '/practiceDetail': '实训详情',
  '/personal/myNews': '消息通知',
  '/personal/newsDetail': '消息详情',
  '/personal/myStudy': '我的学习',
  '/personal/review': '复习',
  '/personal/myTask': '我的任务',
  '/task': '任务详情',
  '/set': '个人设置',
  '/help': '帮助中心',
  '/activity': '导师活动',
  '/tutorDetail': '导师详情',
};

/** What the screen on show named itself (the map's name), with the path it was named on. */
const detail = proxy({ path: '', text: '' });

/** `课程详情 - 学图`; with a detail, `高等数学 - 我的导图 - 学图`. */
export function titleOf(path: string, detailText = ''): string {
  const base = ROUTE_TITLES[path] ?? '页面不存在';
  return [detailText, base, SITE_NAME].filter(Boolean).join(' - ');
}

/** A screen names what it shows (e.g. the map's name) in the document title, while it is shown. */
export function useTitleDetail(path: string, text: string): void {
  useEffect(() => {
    detail.path = path;
    detail.text = text;
    return () => {
      if (detail.path === path && detail.text === text) detail.text = '';
    };
  }, [path, text]);
}

/**
 * Sets document.title for `path` (the app shell calls it once) and returns the title to announce
 * after an in-app navigation: a single-page app's title change is not read out by itself, so the
 * shell puts it in a polite live region. Empty on the first screen (the browser reads the title of
 * a page load itself).
 */
export function useDocumentTitle(path: string): string {
  const snap = useSnapshot(detail);
  const title = titleOf(path, snap.path === path ? snap.text : '');
  const [announced, setAnnounced] = useState('');
  const firstPath = useRef(path);
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (path !== firstPath.current) {
      firstPath.current = '';
      setAnnounced(titleOf(path));
    }
  }, [path]);
  return announced;
}

/** The shell's announcer of the new screen's title (visually hidden). */
export function TitleAnnouncer({ path }: { path: string }) {
  const announced = useDocumentTitle(path);
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announced}
    </p>
  );
}
