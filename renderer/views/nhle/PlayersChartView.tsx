import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../bridge/client.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Field } from '../../components/Field.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { EmptyState } from '../../components/States.tsx';
import { ARC_METRICS, comparablesOf, idsOf, MAX_CHART_PLAYERS, metricOf } from '../../entities/player/chartUrl.ts';
import { offlineKeys } from '../../state/offline.ts';
import { useCareerArcs } from './useNhle.ts';
import './nhle.css';

const ArcsChart = lazy(() => import('./ArcsChart.tsx'));

/**
 * Players in charts (`#/players/chart?ids=…&of=…&metric=…`): 2–6 players' career arcs by draft age (NHLe
 * PTS/GP, PTS/GP or GP, every league of a season summed), beside the median arc of a player-season's
 * comparables; saved as PNG or SVG like the team charts. Players are added by name from the offline store.
 */
export function PlayersChartView() {
  const [params, setParams] = useSearchParams();
  const ids = idsOf(params.get('ids'));
  const of = comparablesOf(params.get('of'));
  const metric = metricOf(params.get('metric'));
  const arcs = useCareerArcs({ playerIds: ids, ...(of ? { comparablesOf: of } : {}) });
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const setIds = (list: number[]) => set({ ids: list.length > 0 ? list.join(',') : null });
  const data = arcs.data;
  return (
    <section className="view scroll nhle-view" aria-labelledby="chart-title">
      <header className="view-head">
        <div>
          <h1 id="chart-title">Players in charts</h1>
          <p className="muted">
            Career arcs by draft age (age on 15 September of the season’s end year), regular season, every league of a
            season summed · <Link to="/players/factors">League factors</Link>
          </p>
        </div>
      </header>
      <div className="toolbar chart-players">
        {(data?.players ?? []).map((p) => (
          <span key={p.playerId} className="chip">
            <Link to={`/players/${p.playerId}`}>
              <bdi>{p.name}</bdi>
            </Link>
            <button
              type="button"
              className="icon-btn"
              aria-label={`Remove ${p.name}`}
              onClick={() => setIds(ids.filter((x) => x !== p.playerId))}
            >
              ×
            </button>
          </span>
        ))}
        {ids.length < MAX_CHART_PLAYERS ? <AddPlayer onAdd={(id) => setIds([...ids, id])} chosen={ids} /> : null}
        <Segmented
          label="Metric"
          value={metric.value}
          options={ARC_METRICS.map((m) => ({ value: m.value, label: m.label }))}
          onChange={(v) => set({ metric: v === 'nhle' ? null : v })}
        />
        {of ? (
          <button type="button" className="btn small ghost" onClick={() => set({ of: null })}>
            Hide the comparables’ median
          </button>
        ) : null}
      </div>
      {arcs.isError ? (
        <ErrorPanel error={arcs.error} what="the career arcs" onRetry={() => void arcs.refetch()} />
      ) : ids.length < 2 ? (
        <EmptyState title="Choose 2 to 6 players to compare">
          <span className="muted">Add them by name above, or open a player’s comparables and chart him with them.</span>
        </EmptyState>
      ) : data === undefined ? (
        <p className="muted">Loading the arcs…</p>
      ) : (
        <Suspense fallback={<p className="muted">Loading the chart…</p>}>
          <ArcsChart arcs={data} metric={metric} />
        </Suspense>
      )}
    </section>
  );
}

/** A name box that finds players in the offline store and adds the one picked. */
function AddPlayer(props: { onAdd: (id: number) => void; chosen: readonly number[] }) {
  const [q, setQ] = useState('');
  const record = { q: q.trim(), limit: '8' };
  const found = useQuery({
    queryKey: offlineKeys.players(record),
    queryFn: () => call('offlinePlayers', { query: record }),
    enabled: record.q.length >= 2,
  });
  const hits = (found.data?.data ?? []).filter((p) => !props.chosen.includes(p.id));
  return (
    <div className="chart-add">
      <Field label="Add a player">
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          placeholder="Name…"
          aria-label="Add a player by name"
        />
      </Field>
      {record.q.length >= 2 && hits.length > 0 ? (
        <ul className="chart-hits" aria-label="Players found">
          {hits.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="btn small ghost"
                onClick={() => {
                  props.onAdd(p.id);
                  setQ('');
                }}
              >
                <bdi>{p.name}</bdi>
                {p.dateOfBirth ? <span className="muted"> · {p.dateOfBirth.slice(0, 4)}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
