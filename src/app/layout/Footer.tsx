import { Link } from 'wouter';
import './footer.css';

const links = [
  { label: '首页', to: '/' },
  { label: '项目案例', to: '/project/list' },
  { label: '专业课程', to: '/course/list' },
  { label: '实践训练', to: '/practice' },
  { label: '帮助中心', to: '/help' },
  { label: '学习中心', to: '/personal/myStudy' },
];

const friendlyLinks = [
  { label: '中国大学MOOC', href: 'https://www.icourse163.org/' },
  { label: '学堂在线', href: 'https://www.xuetangx.com/' },
  { label: '国家智慧教育平台', href: 'https://www.smartedu.cn/' },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label="页脚导航" className="site-footer__links">
          {links.map((l) => (
            <Link key={l.label} href={l.to}>
              {l.label}
            </Link>
          ))}
        </nav>
        <div className="site-footer__friends">
          <span>友情链接：</span>
          {friendlyLinks.map((l) => (
            <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer">
              {l.label}
            </a>
          ))}
        </div>
        <p className="site-footer__copyright">Copyright © {new Date().getFullYear()} 学图 Xuetu 在线学习平台 版权所有</p>
      </div>
    </footer>
  );
}
