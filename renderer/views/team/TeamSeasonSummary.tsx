import { Link } from 'react-router';
import { finishText, formatCount, type TeamHistoryRow } from '../../../shared/columns/index.ts';
import type { Staff } from '../../../shared/contract/records/index.ts';
import { Facts } from '../../components/Facts.tsx';
import { SkeletonText } from '../../components/States.tsx';
import { leagueHref } from '../../entities/league/links.ts';
import { playerName } from '../../entities/player/links.tsx';
import { ALL_SEASONS } from '../../entities/team/links.tsx';
import { recordText } from './history.ts';
import { useTeamCoaches } from './useTeamCoaches.ts';
import type { TeamHistory } from './useTeamHistory.ts';
import './team.css';

/** The playoff result of a row, with its medal colour when it has one (gold: the champion). */
export function PlayoffResult({ row }: { row: Pick<TeamHistoryRow, 'postseason' | 'medal'> }) {
  if (!row.postseason) return <span className="muted">—</span>;
  return row.medal ? <span className={`pill medal ${row.medal}`}>{row.postseason}</span> : row.postseason;
}

/** One league-season of the team: record, points, finish, playoffs (from the standings). */
function SeasonLine({ row }: { row: TeamHistoryRow }) {
  const record = recordText(row.stats);
  const league = row.leagueName ?? row.leagueSlug?.toUpperCase();
  return (
    <div className="summary-line">
      <h2 className="summary-season">
        {row.season}
        {league && row.leagueSlug ? (
          <Link
            className="pill league-pill"
            to={leagueHref(row.leagueSlug, row.season)}
            title={`${league} league page`}
          >
            {league}
          </Link>
        ) : null}
      </h2>
      {row.stats ? (
        <Facts
          items={[
            [`Record${record ? ` (${record.legend})` : ''}`, record?.text],
            ['Points', row.stats.PTS],
            ['Finish', finishText(row)],
            ['Playoffs', <PlayoffResult key="playoffs" row={row} />],
          ]}
        />
      ) : (
        <p className="muted small">The {league ?? 'league'} standings do not list the team this season.</p>
      )}
    </div>
  );
}

const names = (staff: readonly Staff[] | null | undefined) =>
  staff && staff.length > 0 ? staff.map((s) => playerName(s)).join(', ') : null;

/** The team-season's coaches by role, as its player statistics records give them. */
function CoachesLine(props: { teamId: number; season: string; league: string | null }) {
  const { list, coaches } = useTeamCoaches(props.teamId, props.season);
  const roles: [string, string | null][] = [
    ['Head coach', names(coaches?.headCoaches)],
    ['Assistant coaches', names(coaches?.assistantCoaches)],
    ['Goaltending coach', names(coaches?.goaltendingCoaches)],
  ];
  const none = coaches !== undefined && roles.every(([, v]) => v === null);
  return (
    <div className="summary-coaches">
      {list.isError ? (
        <p className="muted small">The coaches could not be read ({list.error.message}).</p>
      ) : none ? (
        <p className="muted small">No coaches recorded for this season.</p>
      ) : (
        <Facts items={roles} loading={coaches === undefined} />
      )}
      {props.league ? (
        <Link className="btn ghost small" to={`/staff?league=${props.league}&season=${props.season}`}>
          Staff of every {props.league.toUpperCase()} team ›
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The top of the team page: the chosen season's record, finish in its division and playoff result (from
 * the standings, spec "GET /leagues/{slug}/standings"), and its coaches; for all seasons, the totals of the
 * history (seasons, playoff appearances, titles).
 */
export function TeamSeasonSummary(props: { teamId: number; season: string | undefined; history: TeamHistory }) {
  const { season, history } = props;
  if (season === undefined || history.rows === undefined) {
    return history.error ? null : (
      <section className="card season-summary" aria-label="Season">
        <SkeletonText width="l" />
      </section>
    );
  }
  if (season === ALL_SEASONS) {
    const rows = history.rows;
    const playoffs = rows.filter((r) => r.postseason).length;
    const titles = rows.filter((r) => r.medal === 'gold').length;
    return (
      <section className="card season-summary" aria-label="All seasons">
        <div className="summary-line">
          <h2 className="summary-season">All seasons</h2>
          <Facts
            items={[
              ['Seasons', formatCount(new Set(rows.map((r) => r.season)).size, 'season')],
              ['Playoffs', formatCount(playoffs, 'appearance')],
              ['Titles', titles],
            ]}
          />
        </div>
      </section>
    );
  }
  const rows = history.rows.filter((r) => r.season === season);
  return (
    <section className="card season-summary" aria-label={`Season ${season}`}>
      {rows.length === 0 ? (
        <p className="muted small">No season {season} recorded for this team.</p>
      ) : (
        rows.map((r) => <SeasonLine key={`${r.season}|${r.leagueSlug}`} row={r} />)
      )}
      <CoachesLine teamId={props.teamId} season={season} league={rows[0]?.leagueSlug ?? null} />
    </section>
  );
}
