import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { LeagueFactor } from '../../../shared/domain/nhle.ts';
import { BOOTSTRAP_DRAWS, FACTOR_MIN_GP, NHLE_TARGET } from '../../../shared/domain/nhle-model.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Field } from '../../components/Field.tsx';
import { EmptyState } from '../../components/States.tsx';
import { useLeagueFactors } from '../../entities/league/useLeagueFactors.ts';
import { useOfflineStatus } from '../../state/offline.ts';
import { PairsTable } from './PairsTable.tsx';
import { PinEditor } from './PinEditor.tsx';
import { useUnpinFactor } from './useNhle.ts';
import '../../entities/league/factor-marks.css';
import './nhle.css';
import { formatFixed, formatInt } from '../../format/index.ts';

/** The view's route. */
export const FACTORS_PATH = '/players/factors';

const up = (slug: string) => slug.toUpperCase();
const fmt = (n: number) => formatFixed(n, 3);

/** NHL first, then the leagues with a factor by factor (highest first), then those without. */
function ordered(leagues: readonly LeagueFactor[]): LeagueFactor[] {
  const rank = (l: LeagueFactor) => (l.league === NHLE_TARGET ? 2 : l.factor === null ? 0 : 1);
  return [...leagues].sort(
    (a, b) => rank(b) - rank(a) || (b.factor ?? 0) - (a.factor ?? 0) || (a.league < b.league ? -1 : 1),
  );
}

/**
 * League factors (`#/players/factors`): what a point per game in each league is worth in the NHL, computed
 * from the moves between leagues of the players on this computer (shared/domain/nhle.ts), with each factor's
 * sample, 90 % interval and path, the pairs behind them, and the scout's own pins (kept with his lists).
 * URL: `minGP`, `from`, `to` (the range of the first season of each move).
 */
export function FactorsView() {
  const [params, setParams] = useSearchParams();
  const minGP = params.get('minGP') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const query: Record<string, string> = {};
  if (minGP) query.minGP = minGP;
  if (from) query.seasonFrom = from;
  if (to) query.seasonTo = to;
  const factors = useLeagueFactors(query);
  const status = useOfflineStatus();
  const seasons = [...new Set((status.data?.synced ?? []).map((s) => s.seasonSlug))].sort();
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const f = factors.data;
  const storeEmpty = status.data !== undefined && status.data.counts.players === 0;
  return (
    <section className="view nhle-view" aria-labelledby="factors-title">
      <header className="view-head">
        <div>
          <h1 id="factors-title">League factors (NHLe)</h1>
          <p className="muted">
            What a point per game in each league is worth in the NHL, from the players on this computer who moved
            between leagues · <Link to="/players/stats">Stats browser</Link>
          </p>
        </div>
      </header>
      <search className="toolbar">
        <Field label="Min GP in both leagues">
          <input
            type="number"
            min={1}
            max={82}
            value={minGP || String(FACTOR_MIN_GP)}
            onChange={(e) => set('minGP', e.currentTarget.value === String(FACTOR_MIN_GP) ? '' : e.currentTarget.value)}
            aria-label="Min GP in both leagues"
            className="narrow"
          />
        </Field>
        <Field label="First season from">
          <select value={from} onChange={(e) => set('from', e.currentTarget.value)} aria-label="First season from">
            <option value="">Every season</option>
            {seasons.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
        <Field label="to">
          <select value={to} onChange={(e) => set('to', e.currentTarget.value)} aria-label="First season to">
            <option value="">Every season</option>
            {seasons.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </Field>
      </search>
      <p className="muted small nhle-method" data-testid="factors-method">
        Factor of league A into league B: (PTS/GP in B) ÷ (PTS/GP in A) over the skaters with at least{' '}
        {f?.minGP ?? FACTOR_MIN_GP} GP in A one regular season and in B the next, points and games summed (Desjardins,
        2004). Interval: 90 % bootstrap over those players ({formatInt(BOOTSTRAP_DRAWS)} draws, fixed seed). A league
        with no direct moves into the NHL takes the path whose weakest link has the most players (Turtoro's network
        NHLe, Bacon's model). Players: the weakest link's. Your pin replaces the computed factor wherever NHLe shows,
        marked *.
      </p>
      {factors.isError ? (
        <ErrorPanel error={factors.error} what="the league factors" onRetry={() => void factors.refetch()} />
      ) : storeEmpty ? (
        <EmptyState title="No players downloaded yet">
          <Link className="btn primary" to="/players">
            Download for offline
          </Link>
        </EmptyState>
      ) : f === undefined ? (
        <p className="muted">Computing the factors…</p>
      ) : (
        <>
          <FactorsTable leagues={ordered(f.leagues)} />
          <details className="nhle-pairs">
            <summary>Every league pair ({f.edges.length}) behind these factors</summary>
            <PairsTable edges={f.edges} />
          </details>
        </>
      )}
    </section>
  );
}

/** One row per league: computed factor, interval, players, path, and the scout's pin. */
function FactorsTable({ leagues }: { leagues: LeagueFactor[] }) {
  const [editing, setEditing] = useState<string | null>(null);
  const unpin = useUnpinFactor();
  return (
    <div className="card">
      <div className="table-scroll">
        <table className="grid nhle-factors" aria-label="League factors into the NHL">
          <thead>
            <tr>
              <th scope="col">League</th>
              <th scope="col" className="num" title="Computed factor into the NHL">
                Factor
              </th>
              <th scope="col" className="num" title="90 % bootstrap interval">
                90 % interval
              </th>
              <th scope="col" className="num" title="Players behind the factor (the weakest link of its path)">
                Players
              </th>
              <th scope="col">Path</th>
              <th scope="col" className="num" title="The factor NHLe uses: your pin, else the computed one">
                NHLe uses
              </th>
              <th scope="col">Your pin</th>
            </tr>
          </thead>
          <tbody>
            {leagues.map((l) => {
              const c = l.computed;
              const self = l.league === NHLE_TARGET;
              return (
                <tr key={l.league} data-league={l.league}>
                  <td className="nhle-league">
                    <span className="strong">{up(l.league)}</span>
                    {l.name && l.name.toUpperCase() !== up(l.league) ? <span className="muted"> {l.name}</span> : null}
                  </td>
                  <td className="num">{c ? fmt(c.factor) : <span className="nhle-none">no factor</span>}</td>
                  <td className="num">
                    {self ? '—' : c?.interval ? `${fmt(c.interval[0])}–${fmt(c.interval[1])}` : '—'}
                  </td>
                  <td className="num">{self ? '—' : c ? formatInt(c.sample) : '—'}</td>
                  <td>{self ? 'itself' : c ? c.path.map(up).join(' → ') : 'no moves into the NHL'}</td>
                  <td className="num strong">
                    {l.factor === null ? (
                      <span className="nhle-none">no factor</span>
                    ) : (
                      <span className={l.pinned ? 'nhle-pinned' : undefined}>
                        {fmt(l.factor)}
                        {l.pinned ? '*' : ''}
                      </span>
                    )}
                  </td>
                  <td>
                    {self ? null : editing === l.league ? (
                      <PinEditor league={l} onDone={() => setEditing(null)} />
                    ) : l.pinned ? (
                      <span className="nhle-pin">
                        <span className="nhle-pinned">×{fmt(l.pinned.factor)}</span>{' '}
                        <span className="muted small" title={l.pinned.note}>
                          {l.pinned.note ? (
                            <>
                              “<bdi>{l.pinned.note}</bdi>” ·{' '}
                            </>
                          ) : null}
                          {l.pinned.pinnedAt.slice(0, 10)}
                        </span>{' '}
                        <button type="button" className="btn small ghost" onClick={() => setEditing(l.league)}>
                          Edit
                        </button>
                        <button
                          type="button"
                          className="btn small ghost"
                          onClick={() => unpin.mutate(l.league)}
                          aria-label={`Unpin ${up(l.league)}`}
                        >
                          Unpin
                        </button>
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="btn small ghost"
                        onClick={() => setEditing(l.league)}
                        aria-label={`Pin a factor for ${up(l.league)}`}
                      >
                        Pin…
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
