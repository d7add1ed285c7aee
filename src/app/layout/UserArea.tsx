import { useEffect } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { navigate } from '../router/hash-location';
import { logout } from '../session/auth-actions';
import { news, refreshNews } from '../session/news-store';
import { dueBadgeText, refreshReviewDue, reviewDue } from '../session/review-due';
import { session } from '../session/session-store';
import { avatarUrl } from '../ui/avatar';
import { openLogin } from '../ui-store';

/**
 * Right side of the header (SPEC §2). Logged in: messages icon with the unread dot, study-centre
 * link (with the count of review cards due, issue 20), avatar menu. Logged out: student login (the dialog) and teacher login (external site).
 */
/** How often an open page asks again how many review cards are due. */
const DUE_RECHECK_MS = 60_000;

export function UserArea({ teacherSiteUrl }: { teacherSiteUrl: string }) {
  const { token, user } = useSnapshot(session);
  const { unread } = useSnapshot(news);
  const { count: due } = useSnapshot(reviewDue);
  const [location] = useLocation();

  // Re-checked on login and on every screen change; the http client drops superseded checks.
  useEffect(() => {
    void refreshNews();
    void refreshReviewDue();
  }, [token, location]);
  // Cards come due while a page stays open (a topic missed a minute ago): the badge is asked again
  // every minute the page is shown, and on coming back to it.
  useEffect(() => {
    if (!token) return;
    const shown = () => document.visibilityState === 'visible' && void refreshReviewDue();
    const timer = setInterval(shown, DUE_RECHECK_MS);
    document.addEventListener('visibilitychange', shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
    };
  }, [token]);

  if (!token) {
    return (
      <div className="user-area">
        <button type="button" className="user-area__login" onClick={openLogin}>
          学生登录
        </button>
        <a className="user-area__teacher" href={teacherSiteUrl} target="_blank" rel="noopener noreferrer">
          教师登录
        </a>
      </div>
    );
  }

  const name = user?.username ?? '同学';
  return (
    <div className="user-area">
      <Link href="/personal/myNews" className="user-area__news" aria-label={unread > 0 ? `消息通知（有${unread}条未读）` : '消息通知'}>
        <BellIcon />
        {unread > 0 && <span className="user-area__dot" data-testid="news-dot" aria-hidden="true" />}
      </Link>
      <Link href="/personal/myStudy" className="user-area__study">
        学习中心
        {/* The name reads 学习中心7张卡片待复习: the visible count is part of it (axe: label-content-name-mismatch). */}
        {due > 0 && (
          <>
            <span className="user-area__badge" data-testid="review-badge">
              {dueBadgeText(due)}
            </span>
            <span className="visually-hidden">张卡片待复习</span>
          </>
        )}
      </Link>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="user-area__avatar" aria-label={`${name}的账户菜单`}>
          <img src={avatarUrl(user?.userPicUrl, user?.sex)} alt="" width={32} height={32} />
          <span className="user-area__name">{name}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="user-menu" align="end" sideOffset={6}>
            <DropdownMenu.Item className="user-menu__item" onSelect={() => navigate('/personal/myMaps')}>
              我的导图
            </DropdownMenu.Item>
            <DropdownMenu.Item className="user-menu__item" onSelect={() => navigate('/set')}>
              个人设置
            </DropdownMenu.Item>
            <DropdownMenu.Item className="user-menu__item" onSelect={() => void logout()}>
              退出登录
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 17V11a6 6 0 1 1 12 0v6l1.5 2h-15z M10 21h4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}
