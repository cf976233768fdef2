import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TabLinks } from '../../components/TabLinks.tsx';

/**
 * The team's pages as tabs: Overview (`#/teams/{id}`: season, history, goaltending, scoring) and
 * Organisation (`#/teams/{id}/organisation`: affiliates, players in the system, transfer years, arena,
 * stars). The season shown goes along; `children` sit at the row's right end.
 */
export function TeamTabs({ id, children }: { id: number; children?: ReactNode }) {
  const [params] = useSearchParams();
  const season = params.get('season');
  const qs = season ? `?season=${encodeURIComponent(season)}` : '';
  return (
    <TabLinks
      label="Team pages"
      tabs={[
        { to: `/teams/${id}${qs}`, label: 'Overview', end: true },
        { to: `/teams/${id}/organisation${qs}`, label: 'Organisation' },
      ]}
    >
      {children}
    </TabLinks>
  );
}
