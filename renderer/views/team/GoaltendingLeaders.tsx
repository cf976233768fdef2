import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCount, isEmptyValue, STAT_BLOCK_LABELS } from '../../../shared/columns/index.ts';
import type { GoalieStatsRecord } from '../../../shared/contract/records/index.ts';
import { STAT_BLOCKS, type StatBlock } from '../../../shared/contract/spec.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { EmptyState } from '../../components/States.tsx';
import { PlayerNameLink, playerHref, playerName } from '../../entities/player/links.tsx';
import { DataTable } from '../../table/DataTable.tsx';
import { ExportMenu } from '../../table/ExportMenu.tsx';
import { leadersPageLink, minGpChoices, minGpMarker, sortForBlock } from './goaltending-spec.ts';
import { type LeaderRow, type LeadersProps, useLeadersList } from './useLeadersList.ts';
import './goaltending.css';

/** Whether a goalie's row has no games in a stat block (no playoff games that season). */
function noGamesInRow(r: GoalieStatsRecord, block: StatBlock): boolean {
  const gp = r[block]?.GP;
  return isEmptyValue(gp) || gp === 0;
}

/** A goalie Min GP does not rank, listed after the ranked ones (a hook for tests; its group row marks it). */
const BELOW = 'below-min';

/**
 * Total rows without games are dimmed, goalies under Min GP marked (stable functions: body rows are
 * memoised). Playoff rows always have games: the query leaves the others out (goaltending-spec.ts,
 * `blockQualifier`).
 */
const ROW_CLASS: Record<StatBlock, (r: LeaderRow) => string | undefined> = {
  regularStats: (r) => (r.belowMinGp ? BELOW : undefined),
  postseasonStats: (r) => (r.belowMinGp ? BELOW : undefined),
  totalStats: (r) =>
    [r.belowMinGp ? BELOW : '', noGamesInRow(r, 'totalStats') ? 'row-dim' : ''].filter(Boolean).join(' ') || undefined,
};
const NO_ROWS: LeaderRow[] = [];
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

/**
 * Goaltending leaders of a team in a season (GET /teams/{id}/goaltending-leaders,
 * `season` filter): Player, GP … TOI from the chosen stat block, server sort
 * (default `-regularStats.SVP`, spec), paging with 25…1000 rows, virtualised body.
 * State in the URL: `season`, `block`, `minGP` (games-played qualifier), `sort`, `offset`, `limit`;
 * the table spec (goaltending-spec.ts) turns it into the query and columns.
 */
export function GoaltendingLeaders(props: LeadersProps) {
  const navigate = useNavigate();
  const renderCell = useMemo(() => goalieCells(props.teamId), [props.teamId]);
  const leaders = useLeadersList(props);
  const { block, minGp, minGpUrl, allSeasons, urlQuery, setQuery, sortParam, query, list, spec } = leaders;
  const playoffs = block === 'postseasonStats';
  // Two groups when goalies under Min GP are on the page: the ranked ones, then the others, by games.
  const groupOf = useMemo(() => {
    if (!leaders.belowShown || minGp === null) return undefined;
    const marker = minGpMarker(minGp, block);
    const under = `${marker.after}, most games first`;
    return (r: LeaderRow) => (r.belowMinGp ? under : marker.first);
  }, [leaders.belowShown, minGp, block]);

  // The table's query carries the season sent to the service (every slug for "All seasons"); the URL
  // keeps the season as chosen (`all`, a slug, or none for the latest), so header and pager changes
  // write back the URL's filters.
  const switchBlock = (next: StatBlock) => {
    // One navigation: the block and the sort move together, so Back restores both. Min GP goes back to
    // the new block's default: a count of regular-season games says nothing about the playoffs.
    const sort = (query.sort ?? []).map((t) => sortForBlock(t, next));
    setQuery(
      { ...urlQuery, sort, offset: 0 },
      { extra: { block: next === 'regularStats' ? null : next, minGP: null } },
    );
  };

  const changeMinGp = (next: number) => {
    // The URL names Min GP only when it differs from the list's default.
    const isDefault = next === leaders.fallbackMinGp;
    setQuery({ ...urlQuery, offset: 0 }, { extra: { minGP: isDefault ? null : String(next) } });
  };

  const who = props.teamName ?? 'this team';
  const seasonText = allSeasons ? 'all seasons' : (props.season ?? 'this season');
  const total = list.data?._meta.totalRecords ?? 0;
  const settled = list.isSuccess && !list.isPlaceholderData;
  // The playoffs list only goalies with a playoff game: none at all (whatever Min GP) means no playoff games.
  const { everyTotal } = leaders;
  const noGames = block === 'postseasonStats' && settled && total === 0 && everyTotal === 0;
  const listedAfter = settled && everyTotal !== undefined ? Math.max(0, everyTotal - total) : 0;
  const seasonWords = allSeasons ? 'in any season' : `in ${seasonText}`;
  return (
    <section className={props.fill ? 'leaders fill' : 'leaders'} aria-labelledby="leaders-title">
      <header className="section-head">
        <h2 id="leaders-title">Goaltending leaders</h2>
        {props.seasonControl}
        <Segmented label="Stat block" value={block} options={BLOCK_OPTIONS} onChange={switchBlock} />
        <MinGpSelect value={minGp} fallback={leaders.fallbackMinGp} onChange={changeMinGp} />
        <div className="topbar-spacer" />
        {/* The export carries what the table lists: the ranked goalies, then those under Min GP, marked. */}
        <ExportMenu {...leaders.exportProps} />
      </header>
      {/* Under the controls: what Min GP does, and the way to the leaders' own page. */}
      <div className="leaders-sub">
        <MinGpNote
          minGp={minGp}
          isDefault={minGpUrl === null}
          mostGp={leaders.mostGp}
          listedAfter={listedAfter}
          playoffs={playoffs}
          onRankAll={() => changeMinGp(0)}
        />
        {props.linkToPage && props.season ? (
          <Link
            className="small own-page-link"
            to={leadersPageLink(props.teamId, { season: props.season, block, minGp: minGpUrl, sort: sortParam })}
          >
            Open as its own page ↗
          </Link>
        ) : null}
      </div>
      <div className={props.fill ? 'card fill' : 'card'}>
        <DataTable<LeaderRow>
          label={`Goaltending leaders, ${who}, ${seasonText}, ${STAT_BLOCK_LABELS[block].toLowerCase()}`}
          columns={spec.columns}
          rows={props.season === undefined ? (props.noSeasons ? NO_ROWS : undefined) : leaders.shownRows}
          totalRecords={leaders.shownTotal}
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
          groupOf={groupOf}
          stale={(list.isPlaceholderData && list.isFetching) || leaders.belowLoading}
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
              minGp={minGp ?? 0}
              playoffs={block === 'postseasonStats'}
              onRegularSeason={() => switchBlock('regularStats')}
              onEveryGoalie={() => changeMinGp(0)}
            />
          }
        />
      </div>
    </section>
  );
}

/**
 * The Min GP qualifier: goalies with at least this many games in the block shown, the list's default
 * marked. `value` is null while the default is being read.
 */
function MinGpSelect(props: { value: number | null; fallback: number | null; onChange: (n: number) => void }) {
  const { fallback } = props;
  return (
    <label className="inline-field">
      <span className="field-label">Min GP</span>
      <select
        value={props.value ?? ''}
        disabled={props.value === null}
        onChange={(e) => props.onChange(Number(e.currentTarget.value))}
      >
        {props.value === null ? <option value="">…</option> : null}
        {minGpChoices(fallback, props.value ?? 0).map((n) => (
          <option key={n} value={n}>
            {n === 0 ? 'Any' : n}
            {n === fallback ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The line over the leaders that says what Min GP does: which goalies it ranks (where its default comes
 * from: a quarter of the busiest goalie's games), and how many with fewer games are listed after them,
 * with a way to rank them all.
 */
function MinGpNote(props: {
  minGp: number | null;
  isDefault: boolean;
  mostGp: number | undefined;
  listedAfter: number;
  playoffs: boolean;
  onRankAll: () => void;
}) {
  const { minGp, listedAfter } = props;
  if (minGp === null || minGp === 0) return null;
  const games = props.playoffs ? 'playoff games' : 'games';
  const why =
    props.isDefault && props.mostGp !== undefined
      ? `Ranked: goalies with ${minGp} or more ${games}, a quarter of the most any goalie here played (${props.mostGp}).`
      : `Ranked: goalies with ${minGp} or more ${games}.`;
  return (
    <p className="small muted min-gp-note">
      {why}
      {listedAfter > 0 ? (
        <>
          {' '}
          {formatCount(listedAfter, 'goalie')} with fewer {listedAfter === 1 ? 'is' : 'are'} listed after them, not
          ranked ·{' '}
          <button type="button" className="link-btn" onClick={props.onRankAll}>
            Rank them all
          </button>
        </>
      ) : null}
    </p>
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
  onEveryGoalie: () => void;
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
  const qualified = !props.noSeasons && props.minGp > 0;
  return (
    <EmptyState
      title={
        props.noSeasons
          ? `No seasons recorded for ${who}, so no goaltenders either.`
          : qualified
            ? `No goaltender of ${who} played ${props.minGp} or more ${props.playoffs ? 'playoff ' : ''}games ${seasonWords}.`
            : `No goaltenders recorded for ${who} ${seasonWords}.`
      }
    >
      {qualified ? (
        <button type="button" className="btn" onClick={props.onEveryGoalie}>
          Show every goalie
        </button>
      ) : null}
    </EmptyState>
  );
}
