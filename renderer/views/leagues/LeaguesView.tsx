import { useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import type { League } from '../../../shared/contract/records/index.ts';
import { LEAGUES_LIST } from '../../../shared/query/lists/leagues.ts';
import { statusLabel } from '../../components/labels.ts';
import { COUNTRY_OPTIONS } from '../../components/options.ts';
import { leagueHref } from '../../entities/league/links.ts';
import { PageList } from '../../table/PageList.tsx';

/** The bar's country select (shared/query/lists/leagues.ts: name search and country). */
const OPTIONS = { country: COUNTRY_OPTIONS };
const CELLS = {
  name: (l: League) => <span className="strong">{l.name ?? l.slug.toUpperCase()}</span>,
  leagueLevel: (l: League) => (l.leagueLevel ? statusLabel(l.leagueLevel) : '—'),
  leagueType: (l: League) => (l.leagueType ? statusLabel(l.leagueType) : '—'),
  teamClass: (l: League) => (l.teamClass ? statusLabel(l.teamClass) : '—'),
};

/**
 * Leagues (`GET /leagues`): search by name, filter by country, sorted and paged by the service; a row
 * opens the league's page (standings, team comparison, where its players are now).
 */
export function LeaguesView() {
  const navigate = useNavigate();
  return (
    <PageList
      definition={LEAGUES_LIST}
      resource={CATALOG.leagues}
      options={OPTIONS}
      title="Leagues"
      what="the leagues"
      noun={['league']}
      empty="No league matches these filters."
      getRowId={(l) => l.slug}
      renderCell={CELLS}
      onOpenRow={(l) => void navigate(leagueHref(l.slug))}
    />
  );
}
