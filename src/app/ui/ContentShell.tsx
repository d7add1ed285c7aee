import type { ReactNode } from 'react';
import { Link } from 'wouter';
import './content-shell.css';

export interface ContentShellProps {
  /** where the back link goes, and its text */
  back: { href: string; label: string };
  /** what is being studied: the page's h1 */
  title: string;
  /** the course or case it belongs to */
  context?: string;
  children: ReactNode;
  /** the list beside the content (chapter tree, node resources); below it on narrow screens */
  aside?: ReactNode;
  asideLabel?: string;
}

/**
 * Frame of the two content players (SPEC §2: outside the main layout): a slim bar with the back
 * link and the title, the content, and its list beside it.
 */
export function ContentShell({ back, title, context, children, aside, asideLabel }: ContentShellProps) {
  return (
    <div className="content-shell">
      <header className="content-shell__bar">
        <Link href={back.href} className="content-shell__back">
          <span aria-hidden="true">‹ </span>
          {back.label}
        </Link>
        <div className="content-shell__titles">
          {context && <p className="content-shell__context">{context}</p>}
          <h1 className="content-shell__title">{title}</h1>
        </div>
      </header>
      <main className="content-shell__body">
        <div className="content-shell__main">{children}</div>
        {aside && (
          <aside className="content-shell__aside" aria-label={asideLabel}>
            {aside}
          </aside>
        )}
      </main>
    </div>
  );
}

/** A refusal in place of the content (not signed up, graduated), with the way forward. */
export function ContentRefusal({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section className="content-refusal" aria-labelledby="content-refusal-title">
      <h2 id="content-refusal-title">{title}</h2>
      <p>{text}</p>
      {children}
    </section>
  );
}
