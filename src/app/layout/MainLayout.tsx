import type { MouseEvent, ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { siteConfig } from '../site-config';
import { ui } from '../ui-store';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, content and footer (SPEC §2). Content screens outside the layout do not use it. */
export function MainLayout({ children, examSiteUrl = siteConfig.examSiteUrl }: { children: ReactNode; examSiteUrl?: string }) {
  const { footerHeld } = useSnapshot(ui);
  return (
    <div className="main-layout">
      <a href="#main" className="skip-link" onClick={skipToMain}>
        跳到主要内容
      </a>
      <Header examSiteUrl={examSiteUrl} teacherSiteUrl={siteConfig.teacherSiteUrl} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {!footerHeld && <Footer />}
    </div>
  );
}

// With hash routing, href="#main" would navigate; focus the content instead.
function skipToMain(e: MouseEvent) {
  e.preventDefault();
  document.getElementById('main')?.focus();
}
