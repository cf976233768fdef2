import type { CareerRow } from '../player/career.ts';

/** The rows of the player's latest season (one per team he played for in it), as the player page has them. */
export type LatestSeason = readonly CareerRow[];

/** The latest season's rows of a career (newest season first, as the player page orders it). */
export function latestSeasonOf(career: readonly CareerRow[]): LatestSeason | null {
  const season = career[0]?.season;
  return season === undefined ? null : career.filter((r) => r.season === season);
}

const n = (v: number | null) => (v === null ? '—' : String(v));
/** SV% as hockey people read it: `.915`. */
const svp = (v: number | null) => (v === null ? '—' : v.toFixed(3).replace(/^0/, ''));

/**
 * His stats beside his grades: the regular season of his latest season on record, per team, from what the
 * player page already read (the service's answers or the offline store). NHLe (the league-translated
 * scoring rate) has its place here, and is filled once the app computes it.
 */
export function FileStats({ latest, goalie }: { latest: LatestSeason | null; goalie: boolean }) {
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
                    <td className="num">{r.regular.GAA === null ? '—' : r.regular.GAA.toFixed(2)}</td>
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
      <p className="file-nhle small">
        <span className="field-label">NHLe</span> <span className="muted">not computed yet</span>
      </p>
    </div>
  );
}
