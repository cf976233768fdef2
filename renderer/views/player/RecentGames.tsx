import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CATALOG, type GameResult, gameResult, isWin, RESULT_WORDS, scoreText } from '../../../shared/columns/index.ts';
import type { GameLog } from '../../../shared/contract/records/index.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import { useList } from '../../bridge/queries.ts';
import { DatabankNote } from '../../components/DatabankNote.tsx';
import { EmptyState } from '../../components/States.tsx';
import { TeamNameLink, teamHref } from '../../entities/team/links.tsx';
import { ListSection } from '../../table/ListSection.tsx';
import './recent-games.css';

/** Games in the strip of results: the latest ten. */
const STRIP = 10;
const NO_PATH = {};

/** The team a player's games fall back to when no game record names him: his team-season. */
export interface GamesTeam {
  id: number;
  name: string | null;
  season: string | null;
}

/**
 * A player's recent games (`GET /game-log-aggregate`, newest first, sorted and paged by the service under the
 * `games.` URL prefix): date, opponent, score and result from his team's side, with a strip of the latest
 * results. The records name a team's goaltender, not the player's own line, so per-game points are not
 * shown; when no record names him (a skater), his team's games in his team-season are shown instead.
 */
export function RecentGames(props: { playerId: number; name: string; team: GamesTeam | null }) {
  const navigate = useNavigate();
  const mine = useMemo(() => ({ player: String(props.playerId) }), [props.playerId]);
  const probe = useList('gameLogAggregate', NO_PATH, stripQuery(mine), { prefetchNext: false });
  const own = probe.data ? probe.data._meta.totalRecords > 0 : undefined;
  const teamFilter = useMemo(() => {
    if (!props.team) return null;
    const f: Record<string, string> = { team: String(props.team.id) };
    if (props.team.season) f.season = props.team.season;
    return f;
  }, [props.team]);
  // His own games when the service has any; else his team's, when his team is known.
  const fixed = own === false && teamFilter ? teamFilter : mine;
  const strip = useList('gameLogAggregate', NO_PATH, stripQuery(fixed), { enabled: own !== undefined });
  const byTeam = fixed !== mine;
  const teamName = props.team?.name ?? 'his team';
  const note = byTeam
    ? `No game record names ${props.name} (the service logs each game's goaltender): shown are the games of ${teamName}${props.team?.season ? ` in ${props.team.season}` : ''}.`
    : `Games of ${props.name}'s team in which the service records him.`;
  const cells = useMemo(
    () => ({
      opponent: (g: GameLog) => <TeamNameLink id={g.opponent?.id} name={g.opponentName ?? g.opponent?.name} />,
      result: (g: GameLog) => <ResultBadge result={gameResult(g)} />,
    }),
    [],
  );
  return (
    <ListSection
      endpoint="gameLogAggregate"
      path={NO_PATH}
      resource={CATALOG.gameLogs}
      prefix="games"
      fixed={fixed}
      pageSize={STRIP}
      enabled={own !== undefined}
      context={{ view: 'Recent games', player: props.name, ...(byTeam ? { team: teamName } : {}) }}
      title="Recent games"
      label={`Recent games, ${byTeam ? teamName : props.name}`}
      what={`the recent games of ${props.name}`}
      noun={['game']}
      className="recent-games"
      note={
        <div className="games-note">
          <ResultStrip games={strip.data?.data} />
          <DatabankNote>The Hockey Databank records no game logs: no recent games on its data.</DatabankNote>
          <p className="muted small">
            {note} Per-game points are not in the service: each record gives the opponent and the score, not his own
            line.
          </p>
        </div>
      }
      empty={
        <EmptyState title={`No recent games recorded for ${props.name}${props.team ? ` or ${teamName}` : ''}.`}>
          {props.team ? null : <p className="muted small">Open him from a team page to see his team's games.</p>}
        </EmptyState>
      }
      getRowId={(g, i) => String(g.id ?? i)}
      renderCell={cells}
      onOpenRow={(g) => (g.opponent?.id != null ? void navigate(teamHref(g.opponent.id, g.season?.slug)) : undefined)}
      actions={
        props.team && byTeam ? (
          <Link className="btn ghost small" to={teamHref(props.team.id, props.team.season)}>
            {teamName} ›
          </Link>
        ) : null
      }
    />
  );
}

/** The strip's query: the latest games (spec-free sort `-date`, the local service's default for game logs). */
function stripQuery(filters: Record<string, string>): ListQuery {
  return {
    offset: 0,
    limit: STRIP,
    sort: ['-date'],
    filters,
    fields: ['id', 'date', 'opponentName', 'teamScore', 'opponentScore', 'teamScoreSo', 'opponentScoreSo'],
  };
}

/** A result as a small coloured badge: W (green), L (red), T (grey); a shootout's marked SO. */
export function ResultBadge({ result }: { result: GameResult | null }) {
  if (result === null) return <span className="muted">—</span>;
  const win = isWin(result);
  const cls = win ? 'win' : result === 'T' ? 'tie' : 'loss';
  return (
    <abbr className={`result-badge ${cls}`} title={RESULT_WORDS[result]}>
      {result.startsWith('SO') ? `${result.slice(2)} SO` : result}
    </abbr>
  );
}

/** The latest results, oldest left to newest right, and the record they make. */
function ResultStrip({ games }: { games: readonly GameLog[] | undefined }) {
  if (!games || games.length === 0) return null;
  const chrono = [...games].reverse();
  const results = chrono.map(gameResult);
  const count = (pred: (r: GameResult | null) => boolean) => results.filter(pred).length;
  const parts = [
    `${count(isWin)} W`,
    `${count((r) => r === 'L')} L`,
    ...(count((r) => r === 'SOL') > 0 ? [`${count((r) => r === 'SOL')} SOL`] : []),
    ...(count((r) => r === 'T') > 0 ? [`${count((r) => r === 'T')} T`] : []),
  ];
  return (
    <div className="result-strip">
      <span className="strip-label">
        Last {games.length}: {parts.join(' · ')}
      </span>
      <ol aria-label={`Last ${games.length} results, oldest first`}>
        {chrono.map((g, i) => {
          const r = results[i] ?? null;
          return (
            <li
              key={g.id ?? i}
              className={`strip-box ${r === null ? '' : isWin(r) ? 'win' : r === 'T' ? 'tie' : 'loss'}`}
              title={`${g.date ?? ''} vs ${g.opponentName ?? '?'}: ${scoreText(g) ?? '—'}, ${r ? RESULT_WORDS[r] : 'no result'}`}
            >
              {r === null ? '?' : isWin(r) ? 'W' : r === 'T' ? 'T' : 'L'}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
