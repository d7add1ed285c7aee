import './pager.css';

/** Up to this many numbered buttons (SPEC §9). */
export const PAGER_BUTTONS = 5;

/** The numbered pages to show: a window of 5 around the current page, clamped to 1..pages. */
export function pageWindow(page: number, pages: number, count = PAGER_BUTTONS): number[] {
  if (pages <= 0) return [];
  const size = Math.min(count, pages);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, pages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export interface PagerProps {
  /** 1-based current page */
  page: number;
  /** number of pages (data.pages of a paged response) */
  pages: number;
  onChange(page: number): void;
  label?: string;
}

/** Pager with previous/next and 5 page buttons; renders nothing with one page or none (SPEC §2). */
export function Pager({ page, pages, onChange, label = '分页' }: PagerProps) {
  if (pages <= 1) return null;
  const go = (p: number) => {
    if (p >= 1 && p <= pages && p !== page) onChange(p);
  };
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager__btn" onClick={() => go(page - 1)} disabled={page <= 1} aria-label="上一页">
        ‹
      </button>
      {pageWindow(page, pages).map((p) => (
        <button key={p} type="button" className="pager__btn" aria-current={p === page ? 'page' : undefined} aria-label={`第 ${p} 页`} onClick={() => go(p)}>
          {p}
        </button>
      ))}
      <button type="button" className="pager__btn" onClick={() => go(page + 1)} disabled={page >= pages} aria-label="下一页">
        ›
      </button>
    </nav>
  );
}
