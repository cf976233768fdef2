import type { ReactNode } from 'react';
import './states.css';

/** The empty state of a table or list: what is missing, in the scout's words, and what to do. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <div className="empty-icon" aria-hidden="true">
        ∅
      </div>
      <p className="empty-title">{title}</p>
      {children ? <div className="empty-body">{children}</div> : null}
    </div>
  );
}

/** A grey placeholder line while text loads. */
export function SkeletonText({ width = 'm' }: { width?: 's' | 'm' | 'l' }) {
  return <span className={`skeleton skeleton-${width}`} aria-hidden="true" />;
}
