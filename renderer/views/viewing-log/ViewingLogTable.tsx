import { quoteText } from '../../../shared/domain/text-safety.ts';
import { teamsText } from '../../entities/department/games.ts';
import { RecordPlayerName } from '../../entities/player/RecordPlayerName.tsx';
import { formatDay, formatInt } from '../../format/index.ts';
import type { ScoutWeek, WeekRows } from './rows.ts';

/** A count and its noun: `1 game`, `3 games`. */
const count = (n: number, one: string, many: string) => `${formatInt(n)} ${n === 1 ? one : many}`;

/** The games of a scout's week, each with the players he wrote on (links to their pages). */
function Games({ s }: { s: ScoutWeek }) {
  if (s.games.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="vlog-list">
      {s.games.map((g) => (
        <li key={`${g.date}:${g.homeTeam}:${g.awayTeam}`}>
          <span className="vlog-date">{formatDay(g.date)}</span> {quoteText(teamsText(g.homeTeam, g.awayTeam))}
          {g.league ? <span className="muted"> · {quoteText(g.league)}</span> : null}
          <span className="vlog-players">
            {g.players.map((p, i) => (
              <span key={`${p.source}:${p.playerId}:${p.name}`}>
                {i > 0 ? ', ' : ''}
                <RecordPlayerName player={p} />
              </span>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** His open assignments of the week: the game (else the due date) and the player. */
function Planned({ s }: { s: ScoutWeek }) {
  if (s.planned.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="vlog-list">
      {s.planned.map((a) => (
        <li key={a.uid}>
          {a.game ? (
            <>
              <span className="vlog-date">{formatDay(a.game.date)}</span>{' '}
              {quoteText(teamsText(a.game.homeTeam, a.game.awayTeam))}
            </>
          ) : (
            <span className="muted">No game named</span>
          )}
          <span className="vlog-players">
            <RecordPlayerName player={a.player} />
            <span className="muted"> · due {formatDay(a.dueDate)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The viewing log's table: a group of rows per week (newest first) headed by its dates and the week's
 * load (games seen, final reports, assignments planned), then a row per scout with his counts, his games
 * and his planned ones. The scout column only when the log is several scouts'.
 */
export function ViewingLogTable({ weeks, scoutColumn }: { weeks: readonly WeekRows[]; scoutColumn: boolean }) {
  const span = scoutColumn ? 6 : 5;
  return (
    <div className="card vlog-wrap">
      <table className="plain-table vlog-table" aria-label="Viewing log by week">
        <thead>
          <tr>
            {scoutColumn ? <th scope="col">Scout</th> : null}
            <th scope="col" className="num">
              Games seen
            </th>
            <th scope="col" className="num">
              Final reports
            </th>
            <th scope="col" className="num">
              Planned
            </th>
            <th scope="col">Games</th>
            <th scope="col">Open assignments</th>
          </tr>
        </thead>
        {weeks.map((w) => (
          <tbody key={w.week}>
            <tr className="vlog-week">
              <th scope="rowgroup" colSpan={span}>
                <span className="vlog-week-name">{w.week}</span>{' '}
                <span className="vlog-week-days">
                  {formatDay(w.monday)} – {formatDay(w.sunday)}
                </span>
                <span className="vlog-week-load">
                  {count(w.games, 'game', 'games')} · {count(w.reports, 'report', 'reports')} · {formatInt(w.planned)}{' '}
                  planned
                </span>
              </th>
            </tr>
            {w.scouts.map((s) => (
              <tr key={s.owner} aria-label={`${w.week}, ${s.name}`}>
                {scoutColumn ? (
                  <th scope="row">
                    <bdi>{s.name}</bdi>
                  </th>
                ) : null}
                <td className="num">{formatInt(s.games.length)}</td>
                <td className="num">{formatInt(s.reports)}</td>
                <td className={s.planned.length > 0 ? 'num vlog-planned' : 'num'}>{formatInt(s.planned.length)}</td>
                <td>
                  <Games s={s} />
                </td>
                <td>
                  <Planned s={s} />
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
