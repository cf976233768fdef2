import { useAbout, useAppInfo } from '../bridge/queries.ts';
import { DATA_SOURCE_LABELS } from '../state/dataSource.ts';

/**
 * The footer on every view: where the data comes from, and, when the service says
 * its data is the Hockey Databank's, that attribution statement in full (the
 * Databank's terms require it wherever the data is shown), offline too: the host
 * then answers the service's last `/about`, kept with the store.
 */
export function DataFooter() {
  const about = useAbout();
  const info = useAppInfo();
  const p = about.data?.provenance;
  const sourceName = p ? DATA_SOURCE_LABELS[p.source].inline : null;
  return (
    <footer className="footer">
      <div className="footer-line">
        <span>
          Data: {sourceName ?? (about.isError ? 'source unknown (the service has no /about)' : '…')}
          {info.data ? (
            <>
              {' '}
              · {info.data.demo ? 'embedded local service' : 'service'} <code>{info.data.baseUrl}</code>
            </>
          ) : null}
          {about.data ? ` · interface ${about.data.version}` : null}
          {about.data?.kept ? ' · as last answered: the service cannot be reached now' : null}
        </span>
      </div>
      {p?.source === 'hockey-databank' && p.attribution ? (
        <p className="attribution" data-testid="attribution">
          {p.attribution}
        </p>
      ) : null}
    </footer>
  );
}
