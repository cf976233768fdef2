import type { FactorEdge } from '../../../shared/domain/nhle.ts';
import { formatFixed, formatInt } from '../../format/index.ts';

const up = (slug: string) => slug.toUpperCase();

/** Every league pair behind the factors, most players first: from, to, factor, interval, players. */
export function PairsTable({ edges }: { edges: readonly FactorEdge[] }) {
  const rows = [...edges].sort((a, b) => b.sample - a.sample || (a.from + a.to < b.from + b.to ? -1 : 1));
  return (
    <div className="card">
      <div className="table-scroll">
        <table className="grid" aria-label="League pairs">
          <thead>
            <tr>
              <th scope="col">From (season y)</th>
              <th scope="col">To (season y + 1)</th>
              <th scope="col" className="num">
                Factor
              </th>
              <th scope="col" className="num">
                90 % interval
              </th>
              <th scope="col" className="num">
                Players
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={`${e.from}>${e.to}`}>
                <td>{up(e.from)}</td>
                <td>{up(e.to)}</td>
                <td className="num">
                  {e.factor === null ? (
                    <span className="nhle-none">no points in {up(e.from)}</span>
                  ) : (
                    formatFixed(e.factor, 3)
                  )}
                </td>
                <td className="num">
                  {e.interval ? `${formatFixed(e.interval[0], 3)}–${formatFixed(e.interval[1], 3)}` : '—'}
                </td>
                <td className="num">{formatInt(e.sample)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
