import { Link, useParams } from 'react-router';
import type { League } from '../../../shared/contract/records/index.ts';
import { SLUG_RE } from '../../../shared/contract/spec.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Facts } from '../../components/Facts.tsx';
import { SeasonSelect } from '../../components/Field.tsx';
import { initials, statusLabel } from '../../components/labels.ts';
import { EmptyState, SkeletonText } from '../../components/States.tsx';
import { TabLinks } from '../../components/TabLinks.tsx';
import { leagueHref } from '../../entities/league/links.ts';
import { useSearchParam } from '../../state/useUrlListQuery.ts';
import { LeagueComparison, WhereAreTheyNow } from './LeagueSections.tsx';
import { LeagueStandings } from './LeagueStandings.tsx';
import { ScoringLeaders } from './ScoringLeaders.tsx';
import { useLeague } from './useLeague.ts';
import './league.css';

/** The league page's tabs: the route's last segment (none for the standings). */
export const LEAGUE_TABS = [
  { tab: '', label: 'Standings' },
  { tab: 'teams', label: 'Team comparison' },
  { tab: 'alumni', label: 'Where are they now' },
  { tab: 'leaders', label: 'Scoring leaders' },
] as const;
type LeagueTab = (typeof LEAGUE_TABS)[number]['tab'];

/**
 * A league's page (`#/leagues/{slug}[/{tab}]?season=…`): the league record (from the leagues list), its
 * standings and team comparison of a season, where its former players play now, and its scoring leaders
 * from the offline store. The season is the page's (`season`, default the league's active season); each
 * tab's table keeps its own sort and page in the URL.
 */
export function LeagueView() {
  const { slug, tab } = useParams();
  if (!slug || !SLUG_RE.test(slug)) {
    return (
      <section className="view">
        <div className="card">
          <EmptyState title="This address does not name a league.">
            <p className="muted small">A league's address ends in its short name, such as #/leagues/nhl.</p>
            <Link className="btn" to="/leagues">
              Browse leagues
            </Link>
          </EmptyState>
        </div>
      </section>
    );
  }
  const known = LEAGUE_TABS.find((t) => t.tab === (tab ?? ''));
  return <LeaguePage slug={slug} tab={known?.tab ?? ''} />;
}

function LeaguePage({ slug, tab }: { slug: string; tab: LeagueTab }) {
  const league = useLeague(slug);
  const [seasonParam, setSeasonParam] = useSearchParam('season');
  const season = seasonParam ?? league.preferred;
  const name = league.record?.name ?? slug.toUpperCase();
  const qs = season && seasonParam ? `?season=${season}` : '';
  const crumbs = (
    <nav className="crumbs" aria-label="Breadcrumb">
      <Link to="/leagues">Leagues</Link> <span aria-hidden="true">›</span> <span>{name}</span>
    </nav>
  );
  if (league.notFound) {
    return (
      <section className="view scroll" aria-label={`League ${slug} not found`}>
        {crumbs}
        <div className="card">
          <EmptyState title={`The service lists no league “${slug}”.`}>
            <Link className="btn primary" to="/leagues">
              Browse leagues
            </Link>
          </EmptyState>
        </div>
      </section>
    );
  }
  return (
    <section className="view league-page" aria-label={name}>
      {crumbs}
      <LeagueHeader slug={slug} record={league.record} loading={league.loading} season={season} />
      {league.forbidden ? (
        <ErrorPanel
          error={league.forbiddenError}
          what={`the league ${name}`}
          actions={
            <Link className="btn" to="/leagues">
              Browse your leagues
            </Link>
          }
        />
      ) : (
        <>
          <TabLinks
            label={`${name} pages`}
            tabs={LEAGUE_TABS.map((t) => ({
              to: `${leagueHref(slug)}${t.tab ? `/${t.tab}` : ''}${qs}`,
              label: t.label,
              end: true,
            }))}
          >
            {tab === '' || tab === 'teams' || tab === 'leaders' ? (
              <SeasonSelect
                value={season}
                seasons={league.seasons}
                onChange={(s) => setSeasonParam(s)}
                emptyLabel={league.loading ? 'Loading…' : 'No seasons'}
              />
            ) : null}
          </TabLinks>
          {league.leaguesError ? (
            <ErrorPanel error={league.leaguesError} what="the leagues list" onRetry={league.refetch} />
          ) : null}
          {tab === '' ? <LeagueStandings slug={slug} leagueName={name} season={season} /> : null}
          {tab === 'teams' ? <LeagueComparison slug={slug} leagueName={name} season={season} /> : null}
          {tab === 'alumni' ? <WhereAreTheyNow slug={slug} leagueName={name} seasons={league.seasons} /> : null}
          {tab === 'leaders' ? <ScoringLeaders slug={slug} leagueName={name} season={season} /> : null}
        </>
      )}
    </section>
  );
}

/** The league's name, full name and facts, and the ways to its teams, stars and staff. */
function LeagueHeader(props: { slug: string; record: League | undefined; loading: boolean; season?: string }) {
  const { record, slug, season } = props;
  const facts: [string, string | null | undefined][] = [
    ['Country', record?.country?.name],
    ['Level', record?.leagueLevel ? statusLabel(record.leagueLevel) : null],
    ['Type', record?.leagueType ? statusLabel(record.leagueType) : null],
    ['Class', record?.teamClass ? statusLabel(record.teamClass) : null],
    ['Teams', record?.numberOfTeams != null ? String(record.numberOfTeams) : null],
    ['Active season', record?.activeSeason?.slug],
  ];
  return (
    <header className="team-head league-head">
      <div className="avatar lg" aria-hidden="true">
        {props.loading ? '' : initials(record?.name ?? slug.toUpperCase())}
      </div>
      <div className="team-head-main">
        <div className="team-title-row">
          <h1>{props.loading ? <SkeletonText width="l" /> : (record?.name ?? slug.toUpperCase())}</h1>
          {record?.fullName && record.fullName !== record.name ? (
            <span className="muted">{record.fullName}</span>
          ) : null}
        </div>
        <Facts items={facts} loading={props.loading} />
      </div>
      <nav className="league-links" aria-label={`More of ${record?.name ?? slug.toUpperCase()}`}>
        <Link className="btn small" to={`/teams?league=${slug}`}>
          Teams
        </Link>
        <Link className="btn small" to={`/stars?league=${slug}`}>
          Stars
        </Link>
        <Link className="btn small" to={`/staff?league=${slug}${season ? `&season=${season}` : ''}`}>
          Coaching staff
        </Link>
      </nav>
    </header>
  );
}
