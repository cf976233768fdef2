import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { CATALOG, formatInt } from '../../../shared/columns/index.ts';
import type { Arena, Team } from '../../../shared/contract/records/index.ts';
import { Facts } from '../../components/Facts.tsx';
import { EmptyState } from '../../components/States.tsx';
import { TeamNameLink, TeamStatus } from '../../entities/team/links.tsx';
import { ListSection } from '../../table/ListSection.tsx';

/**
 * The team's arena (the Team record's `arena`: name, location, capacity, year built) and every team that
 * plays there (`GET /arenas/{id}/teams`, sorted and paged by the service), this team marked.
 */
export function ArenaSection(props: { team: Team; arena: Arena | null | undefined }) {
  const navigate = useNavigate();
  const { team, arena } = props;
  const path = useMemo(() => ({ id: arena?.id ?? 0 }), [arena?.id]);
  const teamName = team.name ?? `Team ${team.id}`;
  const context = useMemo(
    () => ({ view: 'Teams in the arena', arena: arena?.name ?? `Arena ${arena?.id}` }),
    [arena?.name, arena?.id],
  );
  const renderCell = useMemo(
    () => ({
      name: (t: Team) => (
        <span className="team-cell">
          <TeamNameLink id={t.id} name={t.name} />
          {t.id === team.id ? <span className="pill tiny">this team</span> : null}
        </span>
      ),
      status: (t: Team) => <TeamStatus status={t.status} />,
    }),
    [team.id],
  );
  if (arena?.id == null) {
    return (
      <section className="org-arena" aria-labelledby="arena-title">
        <header className="section-head">
          <h2 id="arena-title">Arena</h2>
        </header>
        <div className="card org-card">
          <p className="muted small">The service names no arena for {teamName}.</p>
        </div>
      </section>
    );
  }
  const facts: [string, string | null][] = [
    ['Location', arena.location ?? null],
    ['Capacity', arena.capacity != null ? formatInt(arena.capacity) : null],
    ['Built', arena.yearOfConstruction != null ? String(arena.yearOfConstruction) : null],
  ];
  return (
    <div className="org-arena">
      <ListSection
        endpoint="arenaTeams"
        path={path}
        resource={CATALOG.arenaTeams}
        prefix="arena"
        pageSize={25}
        context={context}
        title={`Arena: ${arena.name ?? `arena ${arena.id}`}`}
        label={`Teams playing in ${arena.name ?? `arena ${arena.id}`}`}
        what={`the teams of ${arena.name ?? `arena ${arena.id}`}`}
        noun={['team']}
        note={<Facts items={facts} className="org-facts" />}
        empty={<EmptyState title={`No team lists ${arena.name ?? 'this arena'} as its home.`} />}
        getRowId={(t) => String(t.id)}
        renderCell={renderCell}
        onOpenRow={(t) => void navigate(`/teams/${t.id}`)}
      />
    </div>
  );
}
