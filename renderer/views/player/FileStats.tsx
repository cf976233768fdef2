import { useLeagueFactors } from '../../entities/league/useLeagueFactors.ts';
import type { CareerRow } from '../../entities/player/career.ts';
import { formatFixed, formatGaa, formatInt, formatSavePct } from '../../format/index.ts';
import { nhleSeasons } from './playerNhle.ts';

/** The rows of the player's latest season (one per team he played for in it), as the player page has them. */
export type LatestSeason = readonly CareerRow[];

/** The latest season's rows of a career (newest season first, as the player page orders it). */
export function latestSeasonOf(career: readonly CareerRow[]): LatestSeason | null {
  const season = career[0]?.season;
  return season === undefined ? null : career.filter((r) => r.season === season);
}

const n = formatInt;
/** SV% as hockey people read it: `.915`. */
const svp = formatSavePct;

/**
 * His stats beside his grades: the regular season of his latest season on record, per team, from what the
 * player page already read (the service's answers or the offline store), and that season's NHLe (his
 * PTS/GP times the league's factor into the NHL, playerNhle.ts) for a skater.
 */
export function FileStats({
  latest,
  goalie,
  dateOfBirth,
}: {
  latest: LatestSeason | null;
  goalie: boolean;
  dateOfBirth: string | null;
}) {
  return (
    <div className="card file-stats">
      <h3 className="small">Latest season{latest?.[0] ? ` · ${latest[0].season}` : ''}</h3>
      {latest === null || latest.length === 0 ? (
        <p className="muted small">No season on record here.</p>
      ) : (
        <table aria-label="Latest season, regular season">
          <thead>
            <tr>
              <th scope="col">Team</th>
              <th scope="col" className="num">
                GP
              </th>
              {(goalie ? ['W', 'GAA', 'SV%'] : ['G', 'A', 'PTS']).map((h) => (
                <th key={h} scope="col" className="num">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {latest.map((r) => (
              <tr key={r.id}>
                <td>
                  {r.teamName ?? '—'}
                  {r.leagueSlug ? <span className="muted"> {r.leagueSlug.toUpperCase()}</span> : null}
                </td>
                <td className="num">{n(r.regular.GP)}</td>
                {goalie ? (
                  <>
                    <td className="num">{n(r.regular.W)}</td>
                    <td className="num">{formatGaa(r.regular.GAA)}</td>
                    <td className="num">{svp(r.regular.SVP)}</td>
                  </>
                ) : (
                  <>
                    <td className="num">{n(r.regular.G)}</td>
                    <td className="num">{n(r.regular.A)}</td>
                    <td className="num strong">{n(r.regular.PTS)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {goalie ? null : <FileNhle latest={latest} dateOfBirth={dateOfBirth} />}
    </div>
  );
}

const NO_QUERY: Record<string, string> = {};

/**
 * The latest season's NHLe of a skater (playerNhle.ts: his PTS/GP times his league's factor into
 * the NHL, the scout's pin first), or null when his league has no factor; `loading` while the factors load.
 */
export function useLatestNhle(latest: LatestSeason | null, dateOfBirth: string | null) {
  const factors = useLeagueFactors(NO_QUERY);
  const byLeague = new Map((factors.data?.leagues ?? []).map((l) => [l.league, l]));
  const [season] = nhleSeasons(
    latest ?? [],
    (league) => {
      const l = byLeague.get(league);
      return l?.factor == null ? null : { factor: l.factor, pinned: l.pinned !== null };
    },
    dateOfBirth,
  );
  return { season: season?.nhlePTSperGP != null ? season : null, loading: factors.isLoading };
}

type LatestNhle = NonNullable<ReturnType<typeof useLatestNhle>['season']>;

/** A season's NHLe in words, as the PDF prints it: `1.15 PTS/GP · 94 over 82 games (factor 0.83)`. */
export function nhleWords(season: LatestNhle | null): string | null {
  if (season === null) return null;
  const pin = season.pinned ? ", the scout's pin" : '';
  return `${formatFixed(season.nhlePTSperGP, 2)} PTS/GP · ${formatInt(season.nhle82 ?? 0)} over 82 games (factor ${formatFixed(season.factor, 2)}${pin})`;
}

/** The latest season's NHLe: per game and over 82 games, with the league's factor (or why there is none). */
function FileNhle({ latest, dateOfBirth }: { latest: LatestSeason | null; dateOfBirth: string | null }) {
  const { season, loading } = useLatestNhle(latest, dateOfBirth);
  return (
    <p className="file-nhle small">
      <span className="field-label">NHLe</span>{' '}
      {season !== null ? (
        <span>
          <b>{formatFixed(season.nhlePTSperGP, 2)}</b> PTS/GP · <b>{formatInt(season.nhle82 ?? 0)}</b> over 82 games{' '}
          <span className="muted">
            (factor {formatFixed(season.factor, 2)}
            {season.pinned ? ', your pin' : ''})
          </span>
        </span>
      ) : (
        <span className="muted">{loading ? '…' : 'no factor for this league yet'}</span>
      )}
    </p>
  );
}
