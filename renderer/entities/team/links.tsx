import { Link } from 'react-router';
import { statusLabel } from '../../components/labels.ts';

/** The `season` URL value of a team's lists that spans every season of the team (`?season=all`). */
export const ALL_SEASONS = 'all';

/** A team page's route path, with the season to show when one is given (`/teams/12?season=2019-2020`). */
export function teamHref(id: number, season?: string | null): string {
  return season && season !== ALL_SEASONS && /^\d{4}-\d{4}$/.test(season)
    ? `/teams/${id}?season=${season}`
    : `/teams/${id}`;
}

/**
 * A table row's team name as a link to its page; the row is the table's Tab stop, so the link is not. The
 * name is isolated (`<bdi>`) as player names are: it is the data's text.
 */
export function TeamNameLink(props: {
  id: number | null | undefined;
  name: string | null | undefined;
  season?: string;
}) {
  const name = props.name ?? (props.id != null ? `Team ${props.id}` : '—');
  if (props.id == null) return <bdi className="strong">{name}</bdi>;
  return (
    <Link className="strong" to={teamHref(props.id, props.season)} tabIndex={-1}>
      <bdi>{name}</bdi>
    </Link>
  );
}

/** A team's status as a pill (`Active` in green), or a dash. */
export function TeamStatus({ status }: { status: string | null | undefined }) {
  if (!status) return <>—</>;
  return <span className={`pill ${status === 'active' ? 'ok' : 'off'}`}>{statusLabel(status)}</span>;
}
