/**
 * How strong each league of the synthetic world is, on the scale of the players' `skill` (standard
 * deviations of talent): a league's new players are drawn around its strength, players far above or below
 * it leave for stronger or weaker leagues, and a skater's scoring, ice time and games follow his skill
 * relative to it. A team's goals are shared by its skaters in proportion to exp(0.45 × relative skill), so
 * a player moving from league A to league B scores about exp(−0.4 × (strength B − strength A)) times his
 * points per game: the NHLe factor the app computes from such moves should rank the leagues in this order.
 *
 * The values follow the usual published NHL equivalencies (NHL; then the top European leagues, SHL and
 * National League ahead of Liiga and the Extraliga; the AHL; the other European top divisions; the second
 * divisions and the ECHL; college; the CHL's major-junior leagues ahead of the USHL and the European U20
 * leagues; tier-II juniors and third divisions last), spaced so that the leagues of the demo world (NHL,
 * SHL, Liiga, AHL, DEL, OHL) are at least 0.25 apart. Women's leagues are on a scale of their own (their
 * players never meet men's): the PWHL ahead of college and the SDHL. International tournaments sit about
 * where the players national teams pick from do (the best of every league).
 */

/** Strength of each league of the catalog, by slug, in skill units (NHL = 2). */
export const LEAGUE_STRENGTH: Readonly<Record<string, number>> = {
  nhl: 2.0,
  shl: 1.35,
  nl: 1.3,
  czechia: 1.1,
  liiga: 1.05,
  ahl: 0.75,
  slovakia: 0.5,
  icehl: 0.45,
  del: 0.45,
  hockeyallsvenskan: 0.2,
  echl: 0.1,
  mestis: 0.0,
  'ligue-magnus': 0.0,
  ncaa: -0.05,
  eihl: -0.1,
  del2: -0.1,
  czech2: -0.1,
  sl: -0.15,
  ohl: -0.45,
  whl: -0.5,
  qmjhl: -0.6,
  ushl: -0.65,
  'j20-nationell': -0.8,
  'u20-sm-sarja': -0.85,
  hockeyettan: -0.9,
  nahl: -1.3,
  bchl: -1.3,
  pwhl: 0.8,
  'ncaa-women': 0.1,
  sdhl: 0.0,
  wc: 1.8,
  wwc: 0.9,
};

/** The strength of league `slug` (skill units). @throws Error for a slug the table lacks (a bug in the catalog). */
export function leagueStrength(slug: string): number {
  const s = LEAGUE_STRENGTH[slug];
  if (s === undefined) throw new Error(`no strength for league ${slug}`);
  return s;
}

/** Spread (standard deviation, skill units) of the skill of the players a league brings in new. */
export const NEW_PLAYER_SPREAD = 1;
