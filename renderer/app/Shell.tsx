import { Fragment, Suspense, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useAbout, useAppInfo, useKeyStatus } from '../bridge/queries.ts';
import { KeyDialog } from '../components/KeyDialog.tsx';
import { useDepartmentStatus } from '../entities/department/useDepartment.ts';
import { DATA_SOURCE_LABELS } from '../state/dataSource.ts';
import { openKeyDialog } from '../state/keyDialogStore.ts';
import { focusFirstTable, useTablesOnPage } from '../table/tablesOnPage.ts';
import { AssignmentsNav } from './AssignmentsNav.tsx';
import { connectionBadge } from './connectionBadge.ts';
import { DataFooter } from './DataFooter.tsx';
import { DepartmentStatus } from './DepartmentStatus.tsx';
import { NavSvg } from './NavSvg.tsx';
import { ServiceNotice } from './ServiceNotice.tsx';
import { StorageNotice } from './StorageNotice.tsx';
import { ViewErrorBoundary } from './ViewErrorBoundary.tsx';
import './shell.css';

const NAV = [
  { to: '/teams', label: 'Teams', icon: 'teams' },
  { to: '/leagues', label: 'Leagues', icon: 'leagues' },
  { to: '/players', label: 'Players', icon: 'players' },
  { to: '/lists', label: 'Lists', icon: 'lists' },
  { to: '/reports', label: 'Reports', icon: 'reports' },
  { to: '/boards', label: 'Draft boards', icon: 'boards' },
  { to: '/standings', label: 'Standings', icon: 'standings' },
  { to: '/compare', label: 'Compare', icon: 'compare' },
  { to: '/stars', label: 'Stars', icon: 'stars' },
  { to: '/agencies', label: 'Agencies', icon: 'agencies' },
  { to: '/staff', label: 'Coaching staff', icon: 'staff' },
  { to: '/coverage', label: 'Coverage', icon: 'coverage', department: true },
  { to: '/viewing-log', label: 'Viewing log', icon: 'viewingLog', department: true },
  { to: '/settings', label: 'Settings', icon: 'settings' },
] as const;

/** Small line icons (inline SVG: no icon font, nothing fetched). */
function NavIcon({ name }: { name: (typeof NAV)[number]['icon'] }) {
  const paths = {
    teams: 'M8 1.5 2.5 3.5v4c0 3.5 2.4 6 5.5 7 3.1-1 5.5-3.5 5.5-7v-4L8 1.5Z',
    players: 'M8 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM3 14c0-2.8 2.2-5 5-5s5 2.2 5 5',
    standings: 'M2.5 3.5h11M2.5 8h11M2.5 12.5h11M5 2v13',
    lists: 'M8 1.8l1.8 3.7 4 .6-2.9 2.8.7 4L8 11l-3.6 1.9.7-4-2.9-2.8 4-.6L8 1.8Z',
    reports: 'M3.5 1.5h6l3 3v10h-9zM9.5 1.5v3h3M5.5 8h5M5.5 10.5h5M5.5 13h3',
    boards: 'M2 2.5h12M2 6h8M2 9.5h10M2 13h6',
    compare: 'M2.5 13.5V8M6.5 13.5V3M10.5 13.5V6M14 13.5H1.5',
    leagues:
      'M5 2.5h6v3a3 3 0 0 1-6 0v-3ZM5 3.5H2.5a2.5 2.5 0 0 0 2.7 2.6M11 3.5h2.5a2.5 2.5 0 0 1-2.7 2.6M8 8.5v3M5.5 13.5h5',
    stars: 'M8 13.5S2.5 10 2.5 6.2A2.7 2.7 0 0 1 8 4.8a2.7 2.7 0 0 1 5.5 1.4C13.5 10 8 13.5 8 13.5Z',
    agencies: 'M2.5 5.5h11v8h-11zM6 5.5v-2h4v2M2.5 9h11',
    staff: 'M4 3h8v11H4zM6 2h4v2H6zM6 7h4M6 10h4',
    coverage: 'M2 13.5h12M4 13.5V9M7 13.5V5M10 13.5V7M13 13.5V3M3 4.5l3-2 3 2 4-2.5',
    viewingLog: 'M2.5 3h11v10.5h-11zM2.5 6h11M5.5 1.5v3M10.5 1.5v3M5 8.5h2M9 8.5h2M5 11h2',
    settings:
      'M8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM8 1v2M8 13v2M1 8h2M13 8h2M3 3l1.4 1.4M11.6 11.6 13 13M3 13l1.4-1.4M11.6 4.4 13 3',
  } as const;
  return <NavSvg d={paths[name]} />;
}

/**
 * The app frame: the skip link, the top bar (brand, connection badge, "Use my key" or "Change key" unless
 * the built-in key is in use), left nav, the view, and the data footer; the department's sync status when one is set up.
 */
export function Shell() {
  const info = useAppInfo();
  const keyStatus = useKeyStatus();
  const about = useAbout();
  const builtInKey = info.data?.demo ?? keyStatus.data?.source === 'demo';
  // On the built-in key no key is needed: "Use my key" is a quiet link in Settings, not a button here.
  const offerKey = (info.data !== undefined || keyStatus.data !== undefined) && !builtInKey;
  const badge = connectionBadge(builtInKey, about.data?.provenance.source, about.isError);
  const main = useRef<HTMLElement>(null);
  const tables = useTablesOnPage();
  const { pathname } = useLocation();
  // The department's views only once a department is set up.
  const departmentState = useDepartmentStatus().data?.state;
  const department = departmentState !== undefined && departmentState !== 'off';
  return (
    <div className="app">
      {/* The first Tab stop: past the top bar, the navigation and a view's filters, into its table. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to a place on the page (#main) as WCAG 2.4.1 describes it; the hash router owns the hash, so it moves the focus itself */}
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          // The router reads the hash: the link moves focus itself and leaves the address alone.
          e.preventDefault();
          if (main.current && !focusFirstTable(main.current)) main.current.focus();
        }}
      >
        {tables > 0 ? 'Skip to table' : 'Skip to content'}
      </a>
      <header className="topbar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            R
          </span>
          <span className="brand-name">Rinkside</span>
        </div>
        {badge ? (
          <span className={`badge ${badge.kind}`} title={badge.title}>
            {badge.label}
          </span>
        ) : null}
        <span className="topbar-source" title={info.data?.baseUrl}>
          {about.data ? DATA_SOURCE_LABELS[about.data.provenance.source].short : ''}
        </span>
        <div className="topbar-spacer" />
        <DepartmentStatus />
        {offerKey ? (
          <button type="button" className="btn topbar-btn" onClick={() => openKeyDialog('user')}>
            {keyStatus.data?.source === 'keychain' || keyStatus.data?.source === 'session'
              ? 'Change key'
              : 'Use my key'}
          </button>
        ) : null}
      </header>
      <nav className="sidenav" aria-label="Main">
        <ul>
          {NAV.filter((n) => !('department' in n) || department).map((n) => (
            <Fragment key={n.to}>
              {/* The department's entries together, Settings last. */}
              {n.to === '/settings' ? <AssignmentsNav /> : null}
              <li>
                <NavLink to={n.to} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
                  <NavIcon name={n.icon} />
                  {n.label}
                </NavLink>
              </li>
            </Fragment>
          ))}
        </ul>
        <div className="sidenav-foot muted small">{info.data ? `v${info.data.version} · ${info.data.shell}` : ''}</div>
      </nav>
      <main className="content" id="main" ref={main} tabIndex={-1}>
        <ServiceNotice />
        <StorageNotice />
        {/* A view's chunk loads at its first visit (App.tsx lazyView): the frame stays, the view area waits. */}
        <ViewErrorBoundary resetKey={pathname}>
          <Suspense fallback={<div className="view-loading" aria-busy="true" />}>
            <Outlet />
          </Suspense>
        </ViewErrorBoundary>
      </main>
      <DataFooter />
      <KeyDialog />
    </div>
  );
}
