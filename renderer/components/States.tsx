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

/**
 * Data being read, the same in every view: a grey line and what is read in words, `Loading {what}…`
 * ("Loading the coverage…"), said once to a screen reader (a status). `card`: it stands in a view's own
 * place (in a card, as the view's table or list will), not inside a section that is a card already.
 */
export function LoadingState({ what, card }: { what: string; card?: boolean }) {
  return (
    <div className={card ? 'card loading-state' : 'loading-state'} role="status">
      <SkeletonText width="m" />
      <span className="muted small">Loading {what}…</span>
    </div>
  );
}
