import { Link } from 'react-router';
import {
  type ColumnSpec,
  formatValue,
  GOALTENDING_COLUMNS,
  SKATER_STATS,
  statColumn,
} from '../../../shared/columns/index.ts';
import { labelTieColumn, tieEra } from '../../entities/league/tieEra.ts';
import {
  type CareerBlock,
  type CareerKey,
  type CareerRow,
  type CareerStats,
  careerTotals,
  leagueSubtotals,
  played,
} from '../../entities/player/career.ts';

/** The stat block of the catalog a career block reads its column labels, titles and formats from. */
const CATALOG_BLOCK = { regular: 'regularStats', playoffs: 'postseasonStats' } as const;
const BLOCK_TITLE = { regular: 'Regular season', playoffs: 'Playoffs' } as const;

/** The key of a catalog stat column: `regularStats.SVP` → `SVP`. */
const keyOf = (c: ColumnSpec) => c.id.split('.')[1] as CareerKey;

/**
 * The stat columns of a career block: the goalie tables' (GP W L T/OTL SO GA SA SVS SV% GAA TOI, T labelled by
 * the era of the seasons shown) or the scoring table's (GP G A PTS PIM +/-). Optional goalie columns (T, SA,
 * SVS) are left out when no season has them, and a playoff T with nothing but zeros.
 */
export function careerColumns(goalie: boolean, block: CareerBlock, rows: readonly CareerRow[]): ColumnSpec[] {
  const catalogBlock = CATALOG_BLOCK[block];
  if (!goalie) return SKATER_STATS.map((s) => statColumn(catalogBlock, s));
  const era = tieEra(rows.map((r) => r.season));
  // As the goalie tables: playoffs have no ties from 2005-06 on, so a playoff T of zeros only is left out.
  const playoffTies = block !== 'playoffs' || rows.some((r) => (r.playoffs.T ?? 0) !== 0);
  return GOALTENDING_COLUMNS[catalogBlock]
    .slice(1)
    .filter((c) => !c.hideWhenEmpty || rows.some((r) => r[block][keyOf(c)] !== null))
    .filter((c) => playoffTies || !c.id.endsWith('.T'))
    .map((c) => (c.id.endsWith('.T') ? labelTieColumn(c, era, BLOCK_TITLE[block].toLowerCase()) : c));
}

function StatCells({ columns, stats }: { columns: readonly ColumnSpec[]; stats: CareerStats }) {
  return columns.map((c) => (
    <td key={c.id} className="num">
      {formatValue(c, stats[keyOf(c)])}
    </td>
  ));
}

/**
 * One block of a career (regular season or playoffs): a row per season and team, newest first, each team a
 * link to that team-season (`#/teams/{id}?season=…`), and below the totals of each league (when he played
 * in several) and of his career. Playoff rows are only the
 * seasons with playoff games. `line` names lines of the other kind than the player's (`In goal` for a
 * skater's goalie lines), shown in tables of their own.
 */
export function CareerTable(props: {
  rows: readonly CareerRow[];
  block: CareerBlock;
  goalie: boolean;
  name: string;
  line?: string;
}) {
  const rows = props.block === 'playoffs' ? props.rows.filter((r) => played(r.playoffs)) : props.rows;
  if (rows.length === 0) return null;
  const columns = careerColumns(props.goalie, props.block, rows);
  const totals = careerTotals(rows, props.block);
  const subtotals = leagueSubtotals(rows, props.block);
  const title = props.line ? `${props.line}, ${BLOCK_TITLE[props.block].toLowerCase()}` : BLOCK_TITLE[props.block];
  const seasons = new Set(rows.map((r) => r.season)).size;
  return (
    <section className="career-block" aria-label={`${title}, career of ${props.name}`}>
      <h3>{title}</h3>
      <div className="card">
        <div className="table-scroll">
          <table className="grid career-grid" aria-label={`${title} career of ${props.name}`}>
            <thead>
              <tr>
                <th scope="col">Season</th>
                <th scope="col">Team</th>
                <th scope="col">League</th>
                {columns.map((c) => (
                  <th key={c.id} scope="col" className="num" title={c.title}>
                    {c.abbr}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className={played(r[props.block]) ? undefined : 'row-dim'}>
                  <td>{r.season}</td>
                  <td>
                    {r.teamId !== null ? (
                      <Link to={`/teams/${r.teamId}?season=${r.season}`} className="strong">
                        {r.teamName ?? `Team ${r.teamId}`}
                      </Link>
                    ) : (
                      (r.teamName ?? '—')
                    )}
                  </td>
                  <td>{r.leagueSlug ? r.leagueSlug.toUpperCase() : '—'}</td>
                  <StatCells columns={columns} stats={r[props.block]} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              {subtotals.map((l) => (
                <tr key={l.league} className="career-subtotal">
                  <th scope="row" colSpan={3}>
                    {l.league} total{l.seasons > 1 ? ` (${l.seasons} seasons)` : ''}
                  </th>
                  <StatCells columns={columns} stats={l.totals} />
                </tr>
              ))}
              <tr className="career-total">
                <th scope="row" colSpan={3}>
                  Career{seasons > 1 ? ` (${seasons} seasons)` : ''}
                </th>
                <StatCells columns={columns} stats={totals} />
              </tr>
            </tfoot>
          </table>
        </div>
      </div>
    </section>
  );
}
