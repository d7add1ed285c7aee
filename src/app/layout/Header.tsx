import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { HeaderSearch } from './HeaderSearch';
import { UserArea } from './UserArea';
import './header.css';

export interface NavItem {
  label: string;
  to: string;
  external?: boolean;
}

/** Header navigation of SPEC §2; the online exam is an external site opened in a new tab. */
export function navItems(examSiteUrl: string): NavItem[] {
  return [
    { label: '首页', to: '/' },
    { label: '专业课程', to: '/course/list' },
    { label: '项目案例', to: '/project/list' },
    { label: '实践训练', to: '/practice' },
    { label: '导师活动', to: '/activity' },
    { label: '在线考试', to: examSiteUrl, external: true },
    { label: '我的课程', to: '/personal/myStudy' },
  ];
}

/**
 * The site header. On phones (≤ 768 px) it is one row (brand, user area, 菜单) and the navigation
 * with the search folds into a panel under it, so every entry stays reachable without sideways
 * scrolling; on wider screens the panel is laid out inline (display: contents) and the button hidden.
 */
export function Header({ examSiteUrl, teacherSiteUrl }: { examSiteUrl: string; teacherSiteUrl: string }) {
  const [location] = useLocation();
  // The menu is open on the screen it was opened on: any screen change (a menu link, the search,
  // the back button) folds it again without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location;
  const panelId = useId();
  const headerRef = useStickyHeight();
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null);
    // a tap or click on the page below folds it, as any menu does (it stayed open over the page)
    const onPress = (e: PointerEvent) => !headerRef.current?.contains(e.target as Node) && setOpenOn(null);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [menuOpen, headerRef]);
  return (
    <header className="site-header" ref={headerRef}>
      <div className="container site-header__inner">
        <Link href="/" className="site-header__brand" aria-label="学图首页">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>学图</span>
        </Link>
        <div id={panelId} className={`site-header__panel${menuOpen ? ' is-open' : ''}`}>
          <nav aria-label="主导航" className="site-header__nav">
            {navItems(examSiteUrl).map((item) =>
              item.external ? (
                <a key={item.label} href={item.to} target="_blank" rel="noopener noreferrer">
                  {item.label}
                </a>
              ) : (
                <Link key={item.label} href={item.to} aria-current={isActive(location, item.to) ? 'page' : undefined}>
                  {item.label}
                </Link>
              ),
            )}
          </nav>
          <HeaderSearch />
        </div>
        <UserArea teacherSiteUrl={teacherSiteUrl} />
        <button
          type="button"
          className="site-header__menu-btn"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          onClick={() => setOpenOn(menuOpen ? null : location)}
        >
          <MenuIcon open={menuOpen} />
          <span className="visually-hidden">菜单</span>
        </button>
      </div>
    </header>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function isActive(location: string, to: string): boolean {
  if (to === '/') return location === '/';
  return location.startsWith(to.split('/').slice(0, 2).join('/'));
}

/**
 * Publishes the sticky header's height as --site-header-height on <html>, so bars that stick under
 * it (the exam countdown) stay in sight: the header is 64 px tall, wraps to two rows between 768 and
 * 1100 px and is 56 px on a phone, so no constant fits every width.
 */
function useStickyHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--site-header-height', `${header.offsetHeight}px`));
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--site-header-height');
    };
  }, []);
  return ref;
}
