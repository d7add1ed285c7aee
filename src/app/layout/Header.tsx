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

export function Header({ examSiteUrl, teacherSiteUrl }: { examSiteUrl: string; teacherSiteUrl: string }) {
  const [location] = useLocation();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="site-header__brand" aria-label="学图首页">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>学图</span>
        </Link>
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
        <UserArea teacherSiteUrl={teacherSiteUrl} />
      </div>
    </header>
  );
}

function isActive(location: string, to: string): boolean {
  if (to === '/') return location === '/';
  return location.startsWith(to.split('/').slice(0, 2).join('/'));
}
