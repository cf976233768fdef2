import { useState } from 'react';
import { compareVersions, versionEntriesOf } from '../../../shared/domain/board-order.ts';
import type { BoardDetail, BoardVersion, VersionMove } from '../../../shared/domain/boards.ts';
import { quoteText } from '../../../shared/domain/text-safety.ts';
import { toServiceError } from '../../bridge/client.ts';
import { useSaveVersion } from '../../entities/reports/useBoards.ts';
import { formatDateTime } from '../../format/index.ts';
import './board-versions.css';

/**
 * Who saved a version, as the Versions panel says it: a colleague's name (a version pulled from the
 * department); for the scout's own, "you" only beside a colleague's version (`mixed`), else ''.
 */
function savedBy(v: BoardVersion, mixed: boolean): string {
  return v.savedBy !== '' ? v.savedBy : mixed ? 'you' : '';
}

/** A version as the compare selects list it: its label, when it was saved and by whom ({@link savedBy}). */
function versionChoice(v: BoardVersion, mixed: boolean): string {
  const by = savedBy(v, mixed);
  return `${quoteText(v.label)} · ${formatDateTime(v.savedAt)}${by === '' ? '' : ` · by ${quoteText(by)}`}`;
}

/** Under a select, who saved the version picked there, which a narrow select may cut off; nothing for "now". */
function SavedByLine({ version, mixed }: { version: BoardVersion | null; mixed: boolean }) {
  const by = version === null ? '' : savedBy(version, mixed);
  return by === '' ? null : (
    <span className="muted small">
      Saved by <bdi>{by}</bdi>
    </span>
  );
}

/**
 * A board's dated versions: "Save version" keeps the order as it is now (with a label: "After the
 * combine"), and any two (a version, or the board as it is now) are compared side by side: each player's
 * rank and tier in both, and how many places he moved.
 */
export function BoardVersions({ detail }: { detail: BoardDetail }) {
  const save = useSaveVersion();
  const [label, setLabel] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const versions = detail.versions;
  const mixed = versions.some((v) => v.savedBy !== '');
  const [beforeId, setBeforeId] = useState<number | null>(null);
  const [afterId, setAfterId] = useState<number | 'now'>('now');
  const before = versions.find((v) => v.id === beforeId) ?? versions[0];
  const current = {
    id: 'now' as const,
    label: 'Now',
    savedAt: detail.board.updatedAt,
    entries: versionEntriesOf(detail),
  };
  const after = afterId === 'now' ? current : (versions.find((v) => v.id === afterId) ?? current);
  const rows = before ? compareVersions(before.entries, after.entries) : [];

  return (
    <section className="board-versions card" aria-labelledby="versions-title">
      <h2 id="versions-title">Versions</h2>
      {/* A board read-only here (the department's, for a scout) keeps the versions its writers saved. */}
      {detail.board.readOnly ? null : (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(
              { id: detail.board.id, label },
              {
                onSuccess: (d) => {
                  setLabel('');
                  setBeforeId(d.versions[0]?.id ?? null);
                  setMessage(`Saved “${quoteText(d.versions[0]?.label ?? '')}”.`);
                },
                onError: (err) => setMessage(toServiceError(err).message),
              },
            );
          }}
        >
          <input
            type="text"
            value={label}
            maxLength={80}
            placeholder="e.g. After the combine"
            aria-label="Version label"
            onChange={(e) => setLabel(e.target.value)}
          />
          <button type="submit" className="btn">
            Save version
          </button>
          {message ? (
            <span className="muted small" role="status">
              {message}
            </span>
          ) : null}
        </form>
      )}
      {versions.length === 0 ? (
        <p className="muted small">
          {detail.board.readOnly
            ? 'No version saved yet.'
            : 'No version yet. Save one before a big change to see later who moved.'}
        </p>
      ) : (
        <>
          <div className="row compare-pick">
            <label className="field">
              <span className="field-label">Compare</span>
              <select
                value={before?.id ?? ''}
                onChange={(e) => setBeforeId(Number(e.target.value))}
                aria-label="Earlier version"
              >
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {versionChoice(v, mixed)}
                  </option>
                ))}
              </select>
              <SavedByLine version={before ?? null} mixed={mixed} />
            </label>
            <label className="field">
              <span className="field-label">with</span>
              <select
                value={String(afterId)}
                onChange={(e) => setAfterId(e.target.value === 'now' ? 'now' : Number(e.target.value))}
                aria-label="Later version"
              >
                <option value="now">The board now</option>
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {versionChoice(v, mixed)}
                  </option>
                ))}
              </select>
              <SavedByLine version={'savedBy' in after ? after : null} mixed={mixed} />
            </label>
          </div>
          <CompareTable rows={rows} before={before?.label ?? 'Before'} after={after.label} />
        </>
      )}
    </section>
  );
}

/** Two versions side by side: each player's rank (tier) in both, and the places he moved. */
function CompareTable(props: { rows: readonly VersionMove[]; before: string; after: string }) {
  const { rows } = props;
  return (
    <table className="compare-table" aria-label="Who moved">
      <thead>
        <tr>
          <th scope="col">Player</th>
          <th scope="col" className="num">
            <bdi>{props.before}</bdi>
          </th>
          <th scope="col" className="num">
            <bdi>{props.after}</bdi>
          </th>
          <th scope="col" className="num">
            Moved
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.name}-${r.before?.rank ?? 'new'}-${r.after?.rank ?? 'gone'}`}>
            <th scope="row">
              <bdi>{r.name}</bdi>
            </th>
            <td className="num">{r.before ? `${r.before.rank} (${quoteText(r.before.tier)})` : '—'}</td>
            <td className="num">{r.after ? `${r.after.rank} (${quoteText(r.after.tier)})` : 'not ranked'}</td>
            <td className={`num moved ${r.moved === null ? '' : r.moved > 0 ? 'up' : r.moved < 0 ? 'down' : ''}`}>
              {r.moved === null
                ? r.before
                  ? 'dropped'
                  : 'new'
                : r.moved > 0
                  ? `▲ ${r.moved}`
                  : r.moved < 0
                    ? `▼ ${-r.moved}`
                    : '='}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
