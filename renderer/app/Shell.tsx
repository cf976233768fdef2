import { NavLink, Outlet } from 'react-router';
import { useAbout, useAppInfo, useKeyStatus } from '../bridge/queries.ts';
import { KeyDialog } from '../components/KeyDialog.tsx';
import { DataFooter } from './DataFooter.tsx';
import { openKeyDialog } from './keyDialogStore.ts';

const NAV = [
  { to: '/teams', label: 'Teams', icon: '⛨' },
  { to: '/standings', label: 'Standings', icon: '☰' },
  { to: '/settings', label: 'Settings', icon: '⚙' },
] as const;

/** The app frame: top bar (brand, demo badge, "Use my key"), left nav, the view, and the data footer. */
export function Shell() {
  const info = useAppInfo();
  const keyStatus = useKeyStatus();
  const about = useAbout();
  const demo = info.data?.demo ?? keyStatus.data?.source === 'demo';
  return (
    <div className="app">
      <header className="topbar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            R
          </span>
          <span className="brand-name">Rinkside</span>
        </div>
        {demo ? (
          <span className="badge demo" title="Connected to the embedded local service with its built-in demo key">
            Demo data
          </span>
        ) : null}
        <span className="topbar-source" title={info.data?.baseUrl}>
          {about.data?.provenance.source === 'hockey-databank'
            ? 'Hockey Databank'
            : about.data?.provenance.source === 'synthetic'
              ? 'Synthetic data'
              : ''}
        </span>
        <div className="topbar-spacer" />
        <button type="button" className="btn topbar-btn" onClick={() => openKeyDialog('user')}>
          {keyStatus.data?.source === 'keychain' || keyStatus.data?.source === 'session' ? 'Change key' : 'Use my key'}
        </button>
      </header>
      <nav className="sidenav" aria-label="Main">
        <ul>
          {NAV.map((n) => (
            <li key={n.to}>
              <NavLink to={n.to} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')}>
                <span className="nav-icon" aria-hidden="true">
                  {n.icon}
                </span>
                {n.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="sidenav-foot muted small">{info.data ? `v${info.data.version} · ${info.data.shell}` : ''}</div>
      </nav>
      <main className="content" id="main">
        <Outlet />
      </main>
      <DataFooter />
      <KeyDialog />
    </div>
  );
}
