import { useId, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { logout } from '../../app/session/auth-actions';
import { dueBadgeText, reviewDue } from '../../app/session/review-due';
import { session } from '../../app/session/session-store';
import { LastStudyCard } from '../../app/study/LastStudyCard';
import { avatarUrl } from '../../app/ui/avatar';
import './personal.css';

/**
 * The study-centre entries: SPEC §2's four, 我的考试 — the internal exam list (/exam/exam),
 * which had no way in from the header or the study centre (issue 18 item 8) — and 复习, the
 * spaced repetition of learnt nodes (issue 20), with the count of cards due — and 我的导图, the
 * student's own maps (issue 33).
 */
export const PERSONAL_MENU = [
  { label: '我的学习', to: '/personal/myStudy' },
  { label: '复习', to: '/personal/review' },
  { label: '我的导图', to: '/personal/myMaps' },
  { label: '我的任务', to: '/personal/myTask', also: ['/task'] },
  { label: '我的考试', to: '/exam/exam' },
  { label: '消息通知', to: '/personal/myNews', also: ['/personal/newsDetail'] },
  { label: '个人设置', to: '/set' },
] as const;

/** The entry a path belongs to: detail screens light up their list's entry. */
export function activeEntry(path: string): string | undefined {
  return PERSONAL_MENU.find((m) => m.to === path || ('also' in m && (m.also as readonly string[]).includes(path)))?.to;
}

/**
 * Study-centre layout shared by the personal screens: the panel (photo, name, student number,
 * exit, the four entries, the last-study-record card) on the left, the screen on the right. On phones
 * the panel collapses above the screen: one row for the student, the entries as tabs, and the
 * last-study card behind 上次学习 (closed by default) so the screen starts above the fold.
 * Exit is the same logout as the avatar menu's: it only clears the session, and SessionWatcher (the
 * one place that reacts to becoming logged out, SPEC §4) warns 已退出登录，将返回首页 and goes Home.
 * Navigating here as well would reach Home before the watcher sees the change, silencing the warning.
 */
export function PersonalLayout({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const { user } = useSnapshot(session);
  const { count: due } = useSnapshot(reviewDue);
  const [location] = useLocation();
  const active = activeEntry(location);
  const [lastOpen, setLastOpen] = useState(false);
  const lastId = useId();

  return (
    <div className="container personal">
      <aside className={`personal__side${lastOpen ? ' is-open' : ''}`} aria-label="学习中心">
        <div className="personal__card">
          <img className="personal__photo" src={avatarUrl(user?.userPicUrl, user?.sex)} alt="" width={72} height={72} />
          <p className="personal__name">{user?.username ?? ''}</p>
          <p className="personal__no">学号：{user?.studentNo || '无'}</p>
          <button type="button" className="personal__exit" onClick={() => void logout()}>
            退出
          </button>
          <button type="button" className="personal__more" aria-expanded={lastOpen} aria-controls={lastId} onClick={() => setLastOpen((o) => !o)}>
            上次学习
          </button>
        </div>
        <nav aria-label="学习中心菜单">
          <ul className="personal__menu">
            {PERSONAL_MENU.map((m) => (
              <li key={m.to}>
                <Link href={m.to} className="personal__link" aria-current={active === m.to ? 'page' : undefined}>
                  {m.label}
                  {m.to === '/personal/review' && due > 0 && (
                    <>
                      <span className="personal__badge">{dueBadgeText(due)}</span>
                      <span className="visually-hidden">张待复习</span>
                    </>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div id={lastId} className="personal__last">
          <LastStudyCard compact nextStep />
        </div>
      </aside>
      <section className="personal__main" aria-labelledby="personal-title">
        <header className="personal__head">
          <h1 id="personal-title">{title}</h1>
          {actions}
        </header>
        {children}
      </section>
    </div>
  );
}
