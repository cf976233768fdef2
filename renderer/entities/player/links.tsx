import { Link } from 'react-router';

/**
 * Links to the player page (`#/players/{id}`). A link from a team-season's table carries that team-season
 * (`?team=12&season=1976-1977`): without the offline store the spec has no operation that lists a player's
 * seasons, so the page shows at least the row the scout came from.
 */

/** Where a player link was followed from: a team and one season slug. */
export interface PlayerLinkFrom {
  teamId: number;
  season: string | null | undefined;
}

/** A route's `:id` as a player id (a positive integer), or null. */
export function playerIdParam(id: string | undefined): number | null {
  return id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

/** The player page's route path (for `<Link to>` and `navigate`), with the team-season it came from. */
export function playerHref(id: number, from?: PlayerLinkFrom): string {
  if (!from?.season || !/^\d{4}-\d{4}$/.test(from.season)) return `/players/${id}`;
  return `/players/${id}?season=${from.season}&team=${from.teamId}`;
}

/**
 * A table row's player name as a link to his page; the row itself is the table's Tab stop, so the link is not.
 * The name is isolated (`<bdi>`): as the data gives it, it may hold hidden direction controls.
 */
export function PlayerNameLink(props: { id: number | null | undefined; name: string; from?: PlayerLinkFrom }) {
  if (props.id == null) return <bdi className="strong">{props.name}</bdi>;
  return (
    <Link className="strong player-link" to={playerHref(props.id, props.from)} tabIndex={-1}>
      <bdi>{props.name}</bdi>
    </Link>
  );
}

/** A player's name as records give it: `name`, else first and last name, else a dash. */
export function playerName(
  p: { name?: string | null; firstName?: string | null; lastName?: string | null } | null | undefined,
): string {
  return p?.name ?? ([p?.firstName, p?.lastName].filter(Boolean).join(' ').trim() || '—');
}
