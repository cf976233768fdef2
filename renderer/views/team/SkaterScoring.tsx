import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { STAT_BLOCK_LABELS } from '../../../shared/columns/index.ts';
import type { PlayerStats } from '../../../shared/contract/records/index.ts';
import { STAT_BLOCKS, type StatBlock } from '../../../shared/contract/spec.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import { toServiceError } from '../../bridge/client.ts';
import { useList, usePageSize } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { EmptyState } from '../../components/States.tsx';
import { isGoalieLine } from '../../entities/player/career.ts';
import { PlayerNameLink, playerHref, playerName } from '../../entities/player/links.tsx';
import { ALL_SEASONS } from '../../entities/team/links.tsx';
import { DataTable } from '../../table/DataTable.tsx';
import { ExportMenu } from '../../table/ExportMenu.tsx';
import { sortForBlock } from './goaltending-spec.ts';
import { scoringListOptions, scoringStateFromParams, scoringStateToParams, scoringTableSpec } from './scoring-spec.ts';

const BLOCK_OPTIONS = STAT_BLOCKS.map((b) => ({ value: b, label: STAT_BLOCK_LABELS[b] }));

/** Rows without games in the block shown (a player who only played the playoffs) are dimmed; stable per block. */
const DIM_WITHOUT_GAMES = Object.fromEntries(
  STAT_BLOCKS.map((b) => [b, (r: PlayerStats) => (r[b]?.GP ? undefined : 'row-dim')]),
) as Record<StatBlock, (r: PlayerStats) => string | undefined>;

/**
 * Whether a row is a goalie line (the embedded player has no position, and a skater who went in goal has a
 * goalie line beside his skating line): goalie stats recorded in the regular season or the playoffs.
 */
function isGoalieRow(r: PlayerStats): boolean {
  return isGoalieLine(r.regularStats, r.postseasonStats);
}

/**
 * The team-season's scoring (GET /teams/{id}/player-stats with the page's `season`): Player, GP, G, A, PTS,
 * PIM, +/- of the chosen stat block, sorted and paged by the service (default `-regularStats.PTS`). Each
 * name opens the player page (click, or Enter on the row). Goaltenders are in the list too (the operation
 * lists every player); their lines are marked G, and a skater who went in goal has both lines.
 */
export function SkaterScoring(props: {
  teamId: number;
  teamName: string | undefined;
  /** The season shown: a slug, {@link ALL_SEASONS}, or undefined while the team's seasons load. */
  season: string | undefined;
  /** Every season slug of the team, newest first. */
  seasons: readonly string[];
  /** The team's seasons arrived and there are none. */
  noSeasons: boolean;
}) {
  const pageSize = usePageSize();
  const options = useMemo(() => scoringListOptions(pageSize), [pageSize]);
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => scoringStateFromParams(params, options), [params, options]);
  const write = useCallback(
    (next: { query: ListQuery; block: StatBlock }) => setParams((prev) => scoringStateToParams(next, options, prev)),
    [setParams, options],
  );
  const spec = useMemo(
    () =>
      scoringTableSpec(
        { season: props.season, block: state.block, query: state.query },
        { teamId: props.teamId, teamName: props.teamName, seasons: props.seasons },
      ),
    [props.season, state, props.teamId, props.teamName, props.seasons],
  );
  const list = useList('teamPlayerStats', spec.path, spec.query, { enabled: Boolean(spec.query.filters.season) });
  const rows = list.data?.data;
  const navigate = useNavigate();
  const { teamId } = props;
  const renderCell = useMemo(
    () => ({
      player: (r: PlayerStats) => (
        <span className="player-cell">
          {r.jerseyNumber != null && r.jerseyNumber !== '' ? <span className="jersey">#{r.jerseyNumber}</span> : null}
          <PlayerNameLink id={r.player?.id} name={playerName(r.player)} from={{ teamId, season: r.season?.slug }} />
          {isGoalieRow(r) ? (
            <span className="pill tiny" title="Goalie line: games in goal">
              G
            </span>
          ) : null}
        </span>
      ),
    }),
    [teamId],
  );
  const who = props.teamName ?? 'this team';
  const allSeasons = props.season === ALL_SEASONS;
  const seasonText = allSeasons ? 'all seasons' : (props.season ?? 'this season');
  const switchBlock = (block: StatBlock) =>
    write({
      block,
      query: { ...state.query, offset: 0, sort: (state.query.sort ?? []).map((t) => sortForBlock(t, block)) },
    });
  return (
    <section className="leaders scoring" aria-labelledby="scoring-title">
      <header className="section-head">
        <h2 id="scoring-title">Scoring</h2>
        {/* The season is the page's (the goaltending leaders' select above chooses it for both tables). */}
        <span className="muted small">{allSeasons ? 'All seasons' : (props.season ?? '')}</span>
        <Segmented label="Scoring stat block" value={state.block} options={BLOCK_OPTIONS} onChange={switchBlock} />
        <div className="topbar-spacer" />
        <ExportMenu spec={spec} rows={rows} totalRecords={list.data?._meta.totalRecords ?? 0} />
      </header>
      <div className="card">
        <DataTable<PlayerStats>
          label={`Scoring, ${who}, ${seasonText}, ${STAT_BLOCK_LABELS[state.block].toLowerCase()}`}
          columns={spec.columns}
          rows={props.season === undefined ? (props.noSeasons ? [] : undefined) : rows}
          totalRecords={list.data?._meta.totalRecords ?? 0}
          query={spec.query}
          onQueryChange={(q) => write({ block: state.block, query: q })}
          getRowId={(r, i) => String(r.id ?? i)}
          onOpenRow={(r) => {
            if (r.player?.id != null) void navigate(playerHref(r.player.id, { teamId, season: r.season?.slug }));
          }}
          renderCell={renderCell}
          rowClass={DIM_WITHOUT_GAMES[state.block]}
          stale={list.isPlaceholderData && list.isFetching}
          className="leaders-scroll"
          error={
            !list.isError ? undefined : toServiceError(list.error).kind === 'forbidden' ? (
              // The goaltending leaders above ask for the same team-season and already show the 403 panel.
              <EmptyState title={`The scoring of ${who} in ${seasonText} is outside your subscription too.`} />
            ) : (
              <ErrorPanel
                error={list.error}
                what={`the scoring of ${who} in ${seasonText}`}
                onRetry={() => void list.refetch()}
              />
            )
          }
          empty={
            <EmptyState
              title={
                props.noSeasons
                  ? `No seasons recorded for ${who}, so no players either.`
                  : state.block === 'postseasonStats'
                    ? `${who} played no playoff games in ${seasonText}.`
                    : `No player statistics recorded for ${who} in ${seasonText}.`
              }
            />
          }
        />
      </div>
    </section>
  );
}
