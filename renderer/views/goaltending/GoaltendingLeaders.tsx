import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { isEmptyValue, STAT_BLOCK_LABELS } from '../../../shared/columns.ts';
import type { GoalieStatsRecord } from '../../../shared/records/index.ts';
import { STAT_BLOCKS, type StatBlock } from '../../../shared/spec.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { EmptyState } from '../../components/States.tsx';
import { DataTable } from '../../table/DataTable.tsx';
import { ExportMenu } from '../../table/ExportMenu.tsx';
import { PlayerNameLink, playerHref, playerName } from '../player/links.tsx';
import { ALL_SEASONS, effectiveMinGp, leadersPageLink, MIN_GP_OPTIONS, sortForBlock } from './spec.ts';
import { useLeadersList } from './useLeadersList.ts';

/** Whether a goalie's row has no games in a stat block (no playoff games that season). */
function noGamesInRow(r: GoalieStatsRecord, block: StatBlock): boolean {
  const gp = r[block]?.GP;
  return isEmptyValue(gp) || gp === 0;
}

/**
 * Total rows without games are dimmed (stable functions: body rows are memoised). Playoff rows always have
 * games: the query leaves the others out (goaltending/spec.ts, `blockQualifier`).
 */
const ROW_CLASS: Record<StatBlock, ((r: GoalieStatsRecord) => string | undefined) | undefined> = {
  regularStats: undefined,
  postseasonStats: undefined,
  totalStats: (r) => (noGamesInRow(r, 'totalStats') ? 'row-dim' : undefined),
};
const NO_ROWS: GoalieStatsRecord[] = [];
const BLOCK_OPTIONS = STAT_BLOCKS.map((b) => ({ value: b, label: STAT_BLOCK_LABELS[b] }));

/** The Player cell: jersey number and the name, a link to the player page (with the row's team-season). */
function goalieCells(teamId: number) {
  return {
    player: (r: GoalieStatsRecord) => (
      <span className="player-cell">
        {r.jerseyNumber != null && r.jerseyNumber !== '' ? <span className="jersey">#{r.jerseyNumber}</span> : null}
        <PlayerNameLink id={r.player?.id} name={playerName(r.player)} from={{ teamId, season: r.season?.slug }} />
      </span>
    ),
  };
}

/** What a leaders table shows: whose, which season, and how it sits in its page. */
export interface LeadersProps {
  teamId: number;
  teamName: string | undefined;
  season: string | undefined;
  /** Renders the season select (the parent owns the season list). */
  seasonControl: React.ReactNode;
  /** Shows a link to the leaders' own page. */
  linkToPage?: boolean;
  /** The team's seasons arrived and there are none: nothing to ask for. */
  noSeasons?: boolean;
  /** Every season slug of the team, newest first (for `season` = {@link ALL_SEASONS}). */
  seasons: readonly string[];
  /** The table takes the rest of the view (the leaders' own page) instead of a capped height. */
  fill?: boolean;
}

/**
 * Goaltending leaders of a team in a season (GET /teams/{id}/goaltending-leaders,
 * `season` filter): Player, GP … TOI from the chosen stat block, server sort
 * (default `-regularStats.SVP`, spec), paging with 25…1000 rows, virtualised body.
 * State in the URL: `season`, `block`, `minGP` (games-played qualifier), `sort`, `offset`, `limit`;
 * the table spec (goaltending/spec.ts) turns it into the query and columns.
 */
export function GoaltendingLeaders(props: LeadersProps) {
  const navigate = useNavigate();
  const renderCell = useMemo(() => goalieCells(props.teamId), [props.teamId]);
  const { block, minGp, minGpUrl, allSeasons, urlQuery, setQuery, sortParam, query, list, rows, spec } =
    useLeadersList(props);

  // The table's query carries the season sent to the service (every slug for "All seasons"); the URL
  // keeps the season as chosen (`all`, a slug, or none for the latest), so header and pager changes
  // write back the URL's filters.
  const switchBlock = (next: StatBlock) => {
    // One navigation: the block and the sort move together, so Back restores both.
    const sort = (query.sort ?? []).map((t) => sortForBlock(t, next));
    setQuery({ ...urlQuery, sort, offset: 0 }, { extra: { block: next === 'regularStats' ? null : next } });
  };

  const changeMinGp = (next: number) => {
    // The URL names Min GP only when it differs from the default (10 across all seasons, else any).
    const isDefault = next === effectiveMinGp(null, allSeasons);
    setQuery({ ...urlQuery, offset: 0 }, { extra: { minGP: isDefault ? null : String(next) } });
  };

  const who = props.teamName ?? 'this team';
  const seasonText = allSeasons ? 'all seasons' : (props.season ?? 'this season');
  const total = list.data?._meta.totalRecords ?? 0;
  // The playoffs list only goalies with a playoff game: none at all (any Min GP) means no playoff games.
  const noGames = block === 'postseasonStats' && minGp <= 1 && list.isSuccess && !list.isPlaceholderData && total === 0;
  const seasonWords = allSeasons ? 'in any season' : `in ${seasonText}`;
  return (
    <section className={props.fill ? 'leaders fill' : 'leaders'} aria-labelledby="leaders-title">
      <header className="section-head">
        <h2 id="leaders-title">Goaltending leaders</h2>
        {props.seasonControl}
        <Segmented label="Stat block" value={block} options={BLOCK_OPTIONS} onChange={switchBlock} />
        <MinGpSelect value={minGp} onChange={changeMinGp} />
        <div className="topbar-spacer" />
        <ExportMenu spec={spec} rows={rows} totalRecords={total} />
        {props.linkToPage && props.season ? (
          <Link
            className="btn ghost small"
            to={leadersPageLink(props.teamId, { season: props.season, block, minGp: minGpUrl, sort: sortParam })}
          >
            Open as its own page ↗
          </Link>
        ) : null}
      </header>
      <div className={props.fill ? 'card fill' : 'card'}>
        <DataTable<GoalieStatsRecord>
          label={`Goaltending leaders, ${who}, ${seasonText}, ${STAT_BLOCK_LABELS[block].toLowerCase()}`}
          columns={spec.columns}
          rows={props.season === undefined ? (props.noSeasons ? NO_ROWS : undefined) : rows}
          totalRecords={total}
          query={query}
          onQueryChange={(q) => setQuery({ ...q, filters: urlQuery.filters })}
          getRowId={(r, i) => String(r.id ?? i)}
          renderCell={renderCell}
          onOpenRow={(r) => {
            if (r.player?.id != null) {
              void navigate(playerHref(r.player.id, { teamId: props.teamId, season: r.season?.slug }));
            }
          }}
          rowClass={ROW_CLASS[block]}
          stale={list.isPlaceholderData && list.isFetching}
          className={props.fill ? 'fill' : 'leaders-scroll'}
          error={
            list.isError ? (
              <ErrorPanel
                error={list.error}
                what={`the goaltending stats of ${who} in ${seasonText}`}
                onRetry={() => void list.refetch()}
              />
            ) : undefined
          }
          empty={
            <LeadersEmpty
              who={who}
              seasonWords={seasonWords}
              noGames={noGames}
              noSeasons={props.noSeasons === true}
              minGp={minGp}
              playoffs={block === 'postseasonStats'}
              onRegularSeason={() => switchBlock('regularStats')}
            />
          }
        />
      </div>
    </section>
  );
}

/** The Min GP qualifier: goalies with at least this many games (Any, or the URL's own number). */
function MinGpSelect(props: { value: number; onChange: (n: number) => void }) {
  return (
    <label className="inline-field">
      <span className="field-label">Min GP</span>
      <select value={props.value} onChange={(e) => props.onChange(Number(e.currentTarget.value))}>
        {MIN_GP_OPTIONS.map((n) => (
          <option key={n} value={n}>
            {n === 0 ? 'Any' : n}
          </option>
        ))}
        {(MIN_GP_OPTIONS as readonly number[]).includes(props.value) ? null : (
          <option value={props.value}>{props.value}</option>
        )}
      </select>
    </label>
  );
}

/** Why the leaders are empty: no playoff games (with a way to the regular season), no seasons, or no goalie. */
function LeadersEmpty(props: {
  who: string;
  seasonWords: string;
  noGames: boolean;
  noSeasons: boolean;
  minGp: number;
  /** Min GP then counts playoff games. */
  playoffs: boolean;
  onRegularSeason: () => void;
}) {
  const { who, seasonWords } = props;
  if (props.noGames) {
    return (
      <EmptyState title={`${who} played no playoff games ${seasonWords}.`}>
        <p className="muted small">Its goaltenders are listed under the regular season.</p>
        <button type="button" className="btn" onClick={props.onRegularSeason}>
          Show the regular season
        </button>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={
        props.noSeasons
          ? `No seasons recorded for ${who}, so no goaltenders either.`
          : props.minGp > 0
            ? `No goaltender of ${who} played ${props.minGp} or more ${props.playoffs ? 'playoff ' : ''}games ${seasonWords}.`
            : `No goaltenders recorded for ${who} ${seasonWords}.`
      }
    />
  );
}
