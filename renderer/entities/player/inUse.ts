import { useQuery } from '@tanstack/react-query';
import type { KeptPlayers } from '../../../shared/domain/lists.ts';
import { call } from '../../bridge/client.ts';

/*
 * Whether a player a record names (a report, an assignment, a coverage row, a board's entry) is the data in
 * use's player of his id: the host answers with the rule a list entry's `linked` follows
 * (`scoutingPlayersInUse`, shared/domain/lists.ts). Every record on screen asks for its own player; the
 * questions of one render are sent together, in one bridge call.
 */

/** A player as a record names him: his source (shared/domain/sources.ts) and id there, his name and birth date as kept. */
export interface RecordPlayer {
  source: string;
  playerId: number;
  name: string;
  dateOfBirth?: string | null;
}

/** At most this many players per bridge call (the operation's own limit). */
const BATCH = 5000;

type Asked = { player: KeptPlayers['players'][number]; done: (inUse: boolean) => void; fail: (e: unknown) => void };
let asked: Asked[] = [];

/** Sends every question asked since the last send, in calls of at most {@link BATCH}. */
async function send(): Promise<void> {
  const now = asked;
  asked = [];
  for (let i = 0; i < now.length; i += BATCH) {
    const part = now.slice(i, i + BATCH);
    try {
      const answers = await call('scoutingPlayersInUse', { players: part.map((a) => a.player) });
      part.forEach((a, j) => void a.done(answers[j] === true));
    } catch (err) {
      for (const a of part) a.fail(err);
    }
  }
}

/** Asks whether `p` is the data in use's player, with whatever else is asked in the same turn. */
function ask(p: RecordPlayer): Promise<boolean> {
  return new Promise((done, fail) => {
    asked.push({
      player: { source: p.source, playerId: p.playerId, name: p.name, dateOfBirth: p.dateOfBirth ?? null },
      done,
      fail,
    });
    if (asked.length === 1) setTimeout(() => void send(), 0);
  });
}

/**
 * Whether `p` is the data in use's player of his id: true, false, or undefined while the host is asked
 * (or could not answer). The key starts with `lists` and is refetched with everything else when the data
 * in use changes.
 */
export function usePlayerInUse(p: RecordPlayer): boolean | undefined {
  return useQuery({
    queryKey: ['lists', 'inUse', p.source, p.playerId, p.name, p.dateOfBirth ?? null],
    queryFn: () => ask(p),
    staleTime: 60_000,
  }).data;
}
