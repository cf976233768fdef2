import { useState } from 'react';
import { Link } from 'react-router';
import type { Comparables } from '../../../shared/domain/nhle.ts';
import { COMPARABLES_K, COMPLETE_CAREER_GAP, NHL_CAREER_GAMES } from '../../../shared/domain/nhle-model.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Field } from '../../components/Field.tsx';
import { chartHref } from '../../entities/player/chartUrl.ts';
import { PlayerNameLink } from '../../entities/player/links.tsx';
import { formatFixed, formatInt, positionGroupLabel } from '../../format/index.ts';
import { useComparables } from './useComparables.ts';

const K_OPTIONS = [5, 10, 20, 30] as const;

/** "3 of 7 complete careers reached 200 NHL games (43 %)", and how many the completeness rule left out. */
function ShareLine({ c }: { c: Comparables }) {
  const left = c.rows.length - c.complete;
  const out =
    left === 0
      ? null
      : ` · ${left} of ${c.rows.length} left out: careers still going (last season within ${COMPLETE_CAREER_GAP} seasons of ${c.newestSeason ?? 'the newest'})`;
  if (c.complete === 0)
    return (
      <>
        <strong>No complete career among them, so no share.</strong>
        {out}
      </>
    );
  const pct = Math.round((c.share ?? 0) * 100);
  return (
    <>
      <strong>
        {c.reached} of {c.complete} complete careers reached {NHL_CAREER_GAMES} NHL games ({pct} %)
      </strong>
      {out}
    </>
  );
}

/**
 * The comparables of one of his seasons (shared/domain/nhle.ts): the nearest player-seasons of other players of his
 * position group and draft age by NHLe PTS/GP (and height and weight when ticked), what each became, and the
 * share of the complete careers that reached 200 NHL games; a link to chart him with them.
 */
export function ComparablesPanel(props: { playerId: number; name: string; league: string; season: string }) {
  const [k, setK] = useState<number>(COMPARABLES_K);
  const [size, setSize] = useState(false);
  const q = useComparables({ playerId: props.playerId, league: props.league, season: props.season, k, size });
  const c = q.data;
  const chart =
    c === undefined
      ? null
      : chartHref([props.playerId, ...c.rows.slice(0, 5).map((r) => r.playerId)], {
          playerId: props.playerId,
          league: props.league,
          season: props.season,
        });
  return (
    <section className="nhle-comparables" aria-labelledby="comparables-title" data-testid="comparables">
      <div className="comparables-head">
        <div>
          <h3 id="comparables-title">
            Comparables of {props.name}, {props.season} {props.league.toUpperCase()}
          </h3>
          {c ? (
            <p className="muted small">
              {positionGroupLabel(c.subject.group)} at draft age {c.subject.draftAge}, nearest by NHLe PTS/GP (
              {formatFixed(c.subject.nhlePTSperGP, 2)} for him){c.size ? ', height and weight' : ''} · from{' '}
              {formatInt(c.candidates)} player-seasons of 20+ GP in leagues with a factor
            </p>
          ) : null}
        </div>
        <Field label="How many">
          <select value={k} onChange={(e) => setK(Number(e.currentTarget.value))} aria-label="How many comparables">
            {K_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Distance">
          <span className="check-inline">
            <input type="checkbox" checked={size} onChange={(e) => setSize(e.currentTarget.checked)} />
            Height and weight too
          </span>
        </Field>
        {chart ? (
          <Link className="btn" to={chart}>
            Chart him with his comparables
          </Link>
        ) : null}
      </div>
      {q.isError ? (
        <ErrorPanel error={q.error} what="the comparables" onRetry={() => void q.refetch()} />
      ) : c === undefined ? (
        <p className="muted small">Finding his comparables…</p>
      ) : c.rows.length === 0 ? (
        <p className="muted">No other player of his position group and draft age has a line with a factor.</p>
      ) : (
        <>
          <p className="comparables-share" data-testid="comparables-share">
            <ShareLine c={c} />
          </p>
          <ComparablesTable c={c} />
        </>
      )}
    </section>
  );
}

function ComparablesTable({ c }: { c: Comparables }) {
  return (
    <div className="card">
      <div className="table-scroll">
        <table className="grid" aria-label="Comparables">
          <thead>
            <tr>
              <th scope="col" className="num">
                #
              </th>
              <th scope="col">Player</th>
              <th scope="col">Season</th>
              <th scope="col">League</th>
              <th scope="col" className="num" title="Games played">
                GP
              </th>
              <th scope="col" className="num" title="Points">
                PTS
              </th>
              <th scope="col" className="num" title="NHL-equivalent points per game">
                NHLe PTS/GP
              </th>
              {c.size ? (
                <th scope="col" className="num" title="Height (cm) and weight (kg)">
                  cm / kg
                </th>
              ) : null}
              <th scope="col" className="num" title="Distance to him (standard deviations)">
                Distance
              </th>
              <th scope="col" className="num" title="NHL games played, career">
                NHL GP
              </th>
              <th scope="col" className="num" title="NHL points, career">
                NHL PTS
              </th>
              <th scope="col" className="num" title="Best NHL PTS/GP in a season of 20+ games">
                Peak NHL PTS/GP
              </th>
              <th scope="col">Draft</th>
              <th scope="col" title="Complete: his last season is at least three before the store's newest">
                Career
              </th>
            </tr>
          </thead>
          <tbody>
            {c.rows.map((r, i) => (
              <tr key={r.playerId}>
                <td className="num">{i + 1}</td>
                <td>
                  <PlayerNameLink id={r.playerId} name={r.name} />
                </td>
                <td>{r.season}</td>
                <td>{r.league.toUpperCase()}</td>
                <td className="num">{formatInt(r.GP)}</td>
                <td className="num">{formatInt(r.PTS)}</td>
                <td className="num">{formatFixed(r.nhlePTSperGP, 2)}</td>
                {c.size ? (
                  <td className="num">
                    {formatInt(r.heightCm ?? 0)} / {formatInt(r.weightKg ?? 0)}
                  </td>
                ) : null}
                <td className="num">{formatFixed(r.distance, 2)}</td>
                <td className={`num${r.outcome.nhlGP >= NHL_CAREER_GAMES ? ' strong' : ''}`}>
                  {formatInt(r.outcome.nhlGP)}
                </td>
                <td className="num">{formatInt(r.outcome.nhlPTS)}</td>
                <td className="num">{formatFixed(r.outcome.peakPTSperGP, 2)}</td>
                <td>{r.outcome.draft ?? '—'}</td>
                <td>{r.outcome.complete ? `ended ${r.outcome.lastSeason}` : `active (${r.outcome.lastSeason})`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
