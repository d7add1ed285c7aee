import type { ReactNode } from 'react';
import './empty.css';

/** Empty-state placeholder for lists with nothing to show. */
export function Empty({ text = '暂无数据', children }: { text?: string; children?: ReactNode }) {
  return (
    <div className="empty" role="status">
      <svg className="empty__art" viewBox="0 0 120 80" aria-hidden="true">
        <ellipse cx="60" cy="70" rx="44" ry="6" fill="#eef0f3" />
        <path d="M28 30h64l-8-16H36z" fill="#e5e8ee" />
        <rect x="28" y="30" width="64" height="34" rx="3" fill="#f2f4f7" stroke="#d9dde4" />
        <path d="M28 30h20l4 8h16l4-8h20" fill="none" stroke="#d9dde4" />
      </svg>
      <p className="empty__text">{text}</p>
      {children}
    </div>
  );
}
