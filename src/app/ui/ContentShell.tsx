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

/**
 * A refusal in place of the content (not signed up, graduated), with the way forward. `level` 1
 * when the refusal is the whole page (no other page heading), 2 under the content shell's title.
 */
export function ContentRefusal({ title, text, level = 2, children }: { title: string; text: string; level?: 1 | 2; children?: ReactNode }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="content-refusal" aria-labelledby="content-refusal-title">
      <Heading id="content-refusal-title">{title}</Heading>
      <p>{text}</p>
      {children}
    </section>
  );
}
