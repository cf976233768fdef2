import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { type CountryLike, countryText } from '../../../shared/columns/index.ts';
import type { Player, PlayerImage } from '../../../shared/contract/records/index.ts';
import type { OfflinePlayerDetail } from '../../../shared/domain/offline.ts';
import { toServiceError } from '../../bridge/client.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { initials } from '../../components/labels.ts';
import { EmptyState, SkeletonText } from '../../components/States.tsx';
import { StarButton } from '../../entities/lists/StarButton.tsx';
import { ageFact, formatHeight, formatWeight, handLabel } from '../../entities/player/bio.ts';
import { type CareerRow, careerByLine, heldSeasons, isGoalieCareer } from '../../entities/player/career.ts';
import { type PlayerLinkFrom, playerIdParam } from '../../entities/player/links.tsx';
import { CareerTable } from './CareerTable.tsx';
import { latestSeasonOf } from './FileStats.tsx';
import { pdfCareer } from './PdfButton.tsx';
import { PlayerFile } from './PlayerFile.tsx';
import { PlayerNhle } from './PlayerNhle.tsx';
import { type GamesTeam, RecentGames } from './RecentGames.tsx';
import { type CareerSource, usePlayer } from './usePlayer.ts';
import './player.css';
import { Facts } from '../../components/Facts.tsx';
import { positionLabel } from '../../format/index.ts';

export { warmPlayerPage } from './warmPlayer.ts';

/** The bio's facts as text for the PDF file: position, born, nationality, size, hand. */
function bioFacts(bio: Bio): [string, string][] {
  const facts: [string, string | null][] = [
    ['Position', positionLabel(bio.position)],
    ['Born', bio.dateOfBirth ?? (bio.yearOfBirth ? String(bio.yearOfBirth) : null)],
    ['Birthplace', bio.placeOfBirth],
    ['Nationality', bio.nationality?.name ?? null],
    ['Height', formatHeight(bio.heightCm)],
    ['Weight', formatWeight(bio.weightKg)],
    [
      bio.position?.toUpperCase() === 'G' ? 'Catches' : 'Shoots',
      handLabel(bio.position?.toUpperCase() === 'G' ? bio.catches : (bio.shoots ?? bio.catches)),
    ],
  ];
  return facts.filter((f): f is [string, string] => f[1] !== null && f[1] !== '');
}

/** A route's `:id` as a positive integer, or null. */
function usePlayerId(): number | null {
  return playerIdParam(useParams().id);
}

/** The team-season the page was opened from (`?team=12&season=1976-1977`), or null. */
function useFrom(): PlayerLinkFrom | null {
  const [params] = useSearchParams();
  const team = params.get('team');
  const season = params.get('season');
  if (!team || !/^[1-9]\d{0,9}$/.test(team) || !season || !/^\d{4}-\d{4}$/.test(season)) return null;
  return { teamId: Number(team), season };
}

/** The bio as the page shows it: the service's Player, else the store's copy. */
interface Bio {
  name: string;
  position: string | null;
  dateOfBirth: string | null;
  yearOfBirth: number | null;
  /** The local service's extension; null when unknown (and from the offline store, which does not keep it). */
  dateOfDeath: string | null;
  placeOfBirth: string | null;
  nationality: (CountryLike & { flag: string | null }) | null;
  heightCm: number | null;
  weightKg: number | null;
  shoots: string | null;
  catches: string | null;
  /** His agency (the service's Player `agencies`, the first). */
  agency: { id: number; name: string | null } | null;
}

function bioOf(service: Player | undefined, store: OfflinePlayerDetail | null | undefined): Bio | null {
  if (service) {
    const n = service.nationality;
    return {
      name: service.name ?? ([service.firstName, service.lastName].filter(Boolean).join(' ') || `Player ${service.id}`),
      position: service.position ?? null,
      dateOfBirth: service.dateOfBirth ?? null,
      yearOfBirth: service.yearOfBirth ?? null,
      dateOfDeath: service.dateOfDeath ?? null,
      placeOfBirth: service.placeOfBirth ?? null,
      nationality: n ? { ...n, flag: n.flagUrl?.small ?? null } : null,
      heightCm: typeof service.height?.metrics === 'number' ? service.height.metrics : null,
      weightKg: typeof service.weight?.metrics === 'number' ? service.weight.metrics : null,
      shoots: service.shoots ?? null,
      catches: service.catches ?? null,
      agency: agencyOf(service.agencies),
    };
  }
  if (store) {
    return {
      name: store.name,
      position: store.position,
      dateOfBirth: store.dateOfBirth,
      yearOfBirth: store.yearOfBirth,
      dateOfDeath: null,
      placeOfBirth: null,
      nationality: store.nationality ? { ...store.nationality, flag: null } : null,
      heightCm: store.height.metrics,
      weightKg: store.weight.metrics,
      shoots: store.shoots,
      catches: store.catches,
      agency: null,
    };
  }
  return null;
}

/** The first agency a Player record names that has an id. */
function agencyOf(agencies: Player['agencies']): Bio['agency'] {
  const a = agencies?.find((x) => typeof x.id === 'number');
  return a?.id != null ? { id: a.id, name: a.name ?? null } : null;
}

/** An address that names no player: the panel, and the way to find one. */
function PlayerMissing(props: { title: string; children?: React.ReactNode }) {
  return (
    <section className="view scroll" aria-label="Not a player's address">
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/players">Players</Link> <span aria-hidden="true">›</span> <span>Not found</span>
      </nav>
      <div className="card">
        <EmptyState title={props.title}>
          {props.children}
          <Link className="btn primary" to="/players">
            Find players
          </Link>
        </EmptyState>
      </div>
    </section>
  );
}

/** The player page (`#/players/{id}`): bio, images, and the career by season and team with totals. */
export function PlayerView() {
  const id = usePlayerId();
  if (id === null) {
    return (
      <PlayerMissing title="This address does not name a player.">
        <p className="muted small">A player's address ends in his number, such as #/players/42.</p>
      </PlayerMissing>
    );
  }
  return <PlayerPage id={id} />;
}

function PlayerPage({ id }: { id: number }) {
  const from = useFrom();
  const { service, store, stored, teamSeason, images, career, source, careerLoading } = usePlayer(id, from);
  const serviceError = service.isError ? toServiceError(service.error) : null;
  const bio = bioOf(service.data?.data, stored);
  const loading = service.isLoading || (service.isError && store.isLoading);

  if (serviceError?.kind === 'not-found' && !store.isLoading) {
    // One panel, as for an unknown team: nothing of this player can ever load.
    return (
      <section className="view scroll" aria-label={`Player ${id} not found`}>
        <nav className="crumbs" aria-label="Breadcrumb">
          <Link to="/players">Players</Link> <span aria-hidden="true">›</span> <span>Player {id}</span>
        </nav>
        <ErrorPanel
          error={service.error}
          what={`player ${id}`}
          actions={
            <Link className="btn primary" to="/players">
              Find players
            </Link>
          }
        />
      </section>
    );
  }
  if (serviceError && !loading && bio === null) {
    return (
      <section className="view scroll" aria-label={`Player ${id}`}>
        <nav className="crumbs" aria-label="Breadcrumb">
          <Link to="/players">Players</Link> <span aria-hidden="true">›</span> <span>Player {id}</span>
        </nav>
        <ErrorPanel error={service.error} what={`player ${id}`} onRetry={() => void service.refetch()} />
      </section>
    );
  }
  const name = bio?.name ?? `Player ${id}`;
  const goalie = isGoalieCareer(bio?.position, career);
  // A skater who went in goal (or a goalie who skated): those games in their own tables and totals.
  const lines = careerByLine(career, goalie);
  const otherLine = goalie ? 'Skating' : 'In goal';
  return (
    <section className="view scroll player-page" aria-label={loading ? 'Player' : name}>
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/players">Players</Link> <span aria-hidden="true">›</span> <bdi>{loading ? '…' : name}</bdi>
      </nav>
      {serviceError && bio ? (
        <p className="notice warn" role="status">
          Offline copy: the service gave no answer for this player ({serviceError.message}), so the page shows him as
          the offline store keeps him.
        </p>
      ) : null}
      <PlayerHeader id={id} bio={bio} loading={loading} images={images.data?.data ?? []} />
      {!loading && bio ? (
        <PlayerFile
          player={{ id, name, position: bio.position, dateOfBirth: bio.dateOfBirth, goalie }}
          latest={careerLoading ? null : latestSeasonOf(lines.own)}
          pdf={() => ({ facts: bioFacts(bio), career: pdfCareer(lines.own) })}
        />
      ) : null}
      <section className="career" aria-labelledby="career-title">
        <header className="section-head">
          <h2 id="career-title">Career</h2>
          <CareerNote source={source} career={career} from={from} />
        </header>
        {store.isError ? (
          <p className="notice warn" role="status">
            The offline store could not be read ({toServiceError(store.error).message}): only the service's answers are
            shown.
          </p>
        ) : null}
        {careerLoading ? (
          <p className="muted small">Loading the career…</p>
        ) : teamSeason?.isError ? (
          <ErrorPanel
            error={teamSeason.error}
            what={`the statistics of team ${from?.teamId} in ${from?.season}`}
            onRetry={() => void teamSeason.refetch()}
          />
        ) : career.length === 0 ? (
          <div className="card">
            <EmptyState title={`No seasons of ${name} to show here.`}>
              <p className="muted small">
                The service has no operation that lists a player's seasons. Download his league for offline to see his
                full career.
              </p>
              <Link className="btn" to="/players">
                Download for offline
              </Link>
            </EmptyState>
          </div>
        ) : (
          <>
            <CareerTable rows={lines.own} block="regular" goalie={goalie} name={name} />
            <CareerTable rows={lines.own} block="playoffs" goalie={goalie} name={name} />
            <CareerTable rows={lines.other} block="regular" goalie={!goalie} name={name} line={otherLine} />
            <CareerTable rows={lines.other} block="playoffs" goalie={!goalie} name={name} line={otherLine} />
          </>
        )}
      </section>
      {!goalie && stored ? (
        <PlayerNhle playerId={id} name={name} rows={lines.own} dateOfBirth={bio?.dateOfBirth ?? null} />
      ) : null}
      <RecentGames playerId={id} name={name} team={gamesTeamOf(from, career)} />
    </section>
  );
}

/** The team whose games stand in for his own: the team-season he was opened from, else his latest. */
function gamesTeamOf(from: PlayerLinkFrom | null, career: readonly CareerRow[]): GamesTeam | null {
  const row = from ? career.find((r) => r.teamId === from.teamId && r.season === from.season) : career[0];
  if (from) return { id: from.teamId, name: row?.teamName ?? null, season: from.season ?? null };
  return row?.teamId != null ? { id: row.teamId, name: row.teamName, season: row.season } : null;
}

/** Where the career rows come from, in words, and what is missing. */
function CareerNote(props: { source: CareerSource; career: readonly CareerRow[]; from: PlayerLinkFrom | null }) {
  if (props.source === 'store' || props.source === 'store+team-season') {
    const isFrom = (r: CareerRow) => r.teamId === props.from?.teamId && r.season === props.from?.season;
    const stored = props.source === 'store+team-season' ? props.career.filter((r) => !isFrom(r)) : props.career;
    const plus = props.source === 'store+team-season' ? `, and ${props.from?.season}, the season you came from` : '';
    return (
      <span className="muted small" data-testid="held-seasons">
        The offline store holds {heldSeasons(stored) || 'none of his seasons'}
        {plus}. Seasons in leagues or years not downloaded for offline are not shown (the service has no operation that
        lists a player's seasons).
      </span>
    );
  }
  if (props.source === 'team-season' && props.career.length > 0) {
    return (
      <span className="muted small career-partial">
        Only {props.from?.season}, the season you came from. <Link to="/players">Download this league for offline</Link>{' '}
        to see the full career.
      </span>
    );
  }
  return null;
}

function PlayerHeader({
  id,
  bio,
  loading,
  images,
}: {
  id: number;
  bio: Bio | null;
  loading: boolean;
  images: readonly PlayerImage[];
}) {
  const name = bio?.name ?? 'the player';
  const pictures = images.filter((im) => im.thumbnailUrl || im.url);
  const hand = bio?.position?.toUpperCase() === 'G' ? bio?.catches : (bio?.shoots ?? bio?.catches);
  const handWord = bio?.position?.toUpperCase() === 'G' || (!bio?.shoots && bio?.catches) ? 'Catches' : 'Shoots';
  const born = bio?.dateOfBirth ?? (bio?.yearOfBirth ? String(bio.yearOfBirth) : null);
  const facts: [string, React.ReactNode][] = [
    ['Position', positionLabel(bio?.position)],
    ['Age', bio ? ageFact(bio) : null],
    ['Born', born ? `${born}${bio?.placeOfBirth ? `, ${bio.placeOfBirth}` : ''}` : (bio?.placeOfBirth ?? null)],
    ['Nationality', bio?.nationality ? <Nationality key="nationality" n={bio.nationality} /> : null],
    ['Height', formatHeight(bio?.heightCm)],
    ['Weight', formatWeight(bio?.weightKg)],
    [handWord, handLabel(hand)],
    [
      'Agency',
      bio?.agency ? (
        <Link key="agency" to={`/agencies/${bio.agency.id}`}>
          {bio.agency.name ?? 'Agency'}
        </Link>
      ) : null,
    ],
  ];
  return (
    <header className="team-head player-head">
      <div className="avatar lg" aria-hidden="true">
        {loading ? '' : initials(bio?.name)}
      </div>
      <div className="team-head-main">
        <div className="player-title">
          <h1>{loading ? <SkeletonText width="l" /> : <bdi>{bio?.name}</bdi>}</h1>
          {!loading && bio?.name ? (
            <StarButton
              className="lg"
              player={{ id, name: bio.name, position: bio.position ?? null, dateOfBirth: bio.dateOfBirth }}
            />
          ) : null}
        </div>
        <Facts items={facts} loading={loading} />
      </div>
      {pictures.length > 0 ? (
        <section className="player-images" aria-label={`Images of ${name}`}>
          {pictures.map((im, i) => (
            <img
              key={im.id}
              src={im.thumbnailUrl ?? im.url ?? ''}
              alt={`${name} (${i + 1} of ${pictures.length})`}
              loading="lazy"
              width={72}
              height={72}
              onError={(e) => {
                e.currentTarget.hidden = true;
              }}
            />
          ))}
        </section>
      ) : null}
    </header>
  );
}

/**
 * Nationality as every view writes it, its name with its code (`Canada (CAN)`, countryText), after the
 * Country's own flag image when the service has one (`flagUrl`, on the service's origin, which the CSP
 * allows). No flag emoji: they render as empty boxes where the system has no colour emoji font.
 */
function Nationality({ n }: { n: NonNullable<Bio['nationality']> }) {
  const [broken, setBroken] = useState(false);
  const text = countryText(n);
  return (
    <span className="nationality">
      {n.flag && !broken ? (
        <img className="flag" src={n.flag} alt="" width={20} height={15} onError={() => setBroken(true)} />
      ) : null}
      {text}
    </span>
  );
}
