import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { NHLE_FACTORS_QUERY, useLeagueFactors } from '../../entities/league/useLeagueFactors.ts';
import type { CareerRow } from '../../entities/player/career.ts';
import { NhleCell } from '../../entities/player/NhleCell.tsx';
import { sortButtonLabel } from '../../table/sorting.ts';
import { ComparablesPanel } from './ComparablesPanel.tsx';
import { defaultSubject, factorLookup, type NhleSortKey, nhleSeasons, sortSeasons } from './playerNhle.ts';
import './player-nhle.css';
import { formatFixed, formatInt } from '../../format/index.ts';

const HEADS: { key: NhleSortKey | null; label: string; title: string; num?: boolean }[] = [
  { key: 'season', label: 'Season', title: 'Season' },
  { key: null, label: 'League', title: 'League' },
  { key: null, label: 'Team', title: 'Team, or teams in the order played' },
  { key: 'draftAge', label: 'DA', title: 'Draft age: age on 15 September of the season’s end year', num: true },
  { key: 'GP', label: 'GP', title: 'Games played', num: true },
  { key: 'PTS', label: 'PTS', title: 'Points', num: true },
  { key: 'PTSperGP', label: 'PTS/GP', title: 'Points per game played', num: true },
  { key: null, label: 'Factor', title: 'The league’s factor into the NHL (* your pin)', num: true },
  { key: 'nhlePTSperGP', label: 'NHLe PTS/GP', title: 'NHL-equivalent points per game', num: true },
  { key: 'nhle82', label: 'NHLe/82', title: 'NHL-equivalent points over 82 games', num: true },
];

/**
 * The player page's NHLe (shared/domain/nhle.ts): his skating seasons (regular season, stints of a league-season
 * combined) with NHLe PTS/GP and 82-game NHLe, sortable by a header click, "no factor" where his league has
 * none; and the comparables of the season chosen (his newest with a factor, to begin with).
 */
export function PlayerNhle(props: {
  playerId: number;
  name: string;
  rows: readonly CareerRow[];
  dateOfBirth: string | null;
}) {
  const factors = useLeagueFactors(NHLE_FACTORS_QUERY);
  const factorOf = useMemo(() => factorLookup(factors.data?.leagues ?? []), [factors.data]);
  const seasons = useMemo(
    () => nhleSeasons(props.rows, factorOf, props.dateOfBirth),
    [props.rows, props.dateOfBirth, factorOf],
  );
  const [sort, setSort] = useState<{ key: NhleSortKey; desc: boolean }>({ key: 'season', desc: true });
  const [chosen, setChosen] = useState<string | null>(null);
  if (seasons.length === 0) return null;
  const shown = sortSeasons(seasons, sort.key, sort.desc);
  const subject = seasons.find((s) => s.key === chosen) ?? defaultSubject(seasons);
  return (
    <section className="player-nhle" aria-labelledby="nhle-title">
      <header className="section-head">
        <h2 id="nhle-title">NHLe and comparables</h2>
        <p className="muted small">
          NHL-equivalent scoring: PTS/GP times the league’s factor into the NHL, computed from the moves between leagues
          of the players on this computer (<Link to="/players/factors">League factors</Link>). Regular season, stints of
          a season combined.
        </p>
      </header>
      <div className="card">
        <div className="table-scroll">
          <table className="grid" aria-label={`NHLe by season of ${props.name}`}>
            <thead>
              <tr>
                {HEADS.map((h) => {
                  const on = h.key !== null && sort.key === h.key;
                  return (
                    <th
                      key={h.label}
                      scope="col"
                      className={`${h.num ? 'num' : ''}${on ? ' sorted' : ''}`}
                      title={h.title}
                      aria-sort={on ? (sort.desc ? 'descending' : 'ascending') : undefined}
                    >
                      {h.key === null ? (
                        h.label
                      ) : (
                        <button
                          type="button"
                          className="th-sort"
                          aria-label={sortButtonLabel(h.label, h.title)}
                          onClick={() =>
                            setSort((s) => ({ key: h.key as NhleSortKey, desc: s.key === h.key ? !s.desc : true }))
                          }
                        >
                          {h.label}
                          {on ? (sort.desc ? ' ▼' : ' ▲') : ''}
                        </button>
                      )}
                    </th>
                  );
                })}
                <th scope="col">Comparables</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((s) => (
                <tr key={s.key} className={subject?.key === s.key ? 'row-chosen' : undefined}>
                  <td>{s.season}</td>
                  <td>{s.league.toUpperCase()}</td>
                  <td className="nhle-teams" title={s.teams}>
                    {s.teams}
                  </td>
                  <td className="num">{s.draftAge ?? '—'}</td>
                  <td className="num">{formatInt(s.GP)}</td>
                  <td className="num">{formatInt(s.PTS)}</td>
                  <td className="num">{formatFixed(s.PTSperGP, 2)}</td>
                  <td className="num">
                    {s.factor === null ? '—' : `${formatFixed(s.factor, 3)}${s.pinned ? '*' : ''}`}
                  </td>
                  <td className="num">
                    <NhleCell nhle={s} value={s.nhlePTSperGP} digits={2} />
                  </td>
                  <td className="num">
                    <NhleCell nhle={s} value={s.nhle82} digits={1} />
                  </td>
                  <td>
                    {s.factor !== null && s.draftAge !== null ? (
                      <button
                        type="button"
                        className="btn small ghost"
                        aria-pressed={subject?.key === s.key}
                        onClick={() => setChosen(s.key)}
                        aria-label={`Comparables of ${s.season} ${s.league.toUpperCase()}`}
                      >
                        {subject?.key === s.key ? 'Shown' : 'Show'}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {subject ? (
        <ComparablesPanel playerId={props.playerId} name={props.name} league={subject.league} season={subject.season} />
      ) : (
        <p className="muted small">No season of his is in a league with a factor: no comparables.</p>
      )}
    </section>
  );
}
