import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import './tabs.css';

/** One tab: where it leads (a route with its query), its label, and whether it matches only its exact path. */
export interface TabLink {
  to: string;
  label: string;
  end?: boolean;
}

/**
 * A row of tabs that are links (each a route of its own, so the URL keeps the tab, Back returns to the last
 * one and each is one Tab stop). The current one is marked with `aria-current="page"`. `children`: actions
 * shown at the row's right end (a "Compare with…" button).
 */
export function TabLinks(props: { label: string; tabs: readonly TabLink[]; children?: ReactNode }) {
  return (
    <nav className="tabs" aria-label={props.label}>
      {props.tabs.map((t) => (
        <NavLink key={t.to} end={t.end} to={t.to} className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
          {t.label}
        </NavLink>
      ))}
      {props.children ? <div className="tabs-actions">{props.children}</div> : null}
    </nav>
  );
}
