import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfflinePlayersPage } from '../../../../shared/domain/offline.ts';
import { type DatabankStore, databankCsv, openDatabankStore } from './databank-store.ts';

// Search that forgives spelling, ranked, on the Hockey Databank: the whole Databank imported into the real
// local service and every NHL and WHA season downloaded into the offline store through the host's sync, as a
// scout would. When the scout has chosen no sort, a misspelt name's closest spelling comes first and, among
// names as close, the player who played the most games: the player meant. Each expected name is the player a
// scout means by the misspelling; the games that tell the close names apart are read here from Scoring.csv
// and Goalies.csv, never from the store.

let world: DatabankStore;

/** Master.csv's playerID of each name (first and last name as the store's players are named). */
let idOf: Map<string, string[]>;
/** Regular-season games per playerID in the NHL and the WHA: his goalie lines, and his skating lines of other stints. */
let gamesOf: Map<string, number>;

beforeAll(async () => {
  world = await openDatabankStore('rinkside-search-databank-');
  await world.download('nhl');
  await world.download('wha');
  // The name words are derived with the stats browser's rows, as the host does after a download.
  await world.store.prepareLeaders();
  idOf = new Map();
  for (const m of await databankCsv('Master.csv')) {
    if (!m.playerID) continue;
    const name = `${m.firstName} ${m.lastName}`;
    idOf.set(name, [...(idOf.get(name) ?? []), m.playerID]);
  }
  gamesOf = new Map();
  const add = (id: string, gp: string | undefined) => gamesOf.set(id, (gamesOf.get(id) ?? 0) + Number(gp || 0));
  const goalieStints = new Set<string>();
  for (const g of await databankCsv('Goalies.csv')) {
    if (g.lgID !== 'NHL' && g.lgID !== 'WHA') continue;
    goalieStints.add(`${g.playerID}|${g.year}|${g.stint}`);
    add(g.playerID as string, g.GP);
  }
  for (const s of await databankCsv('Scoring.csv')) {
    if (s.lgID !== 'NHL' && s.lgID !== 'WHA') continue;
    if (goalieStints.has(`${s.playerID}|${s.year}|${s.stint}`)) continue;
    add(s.playerID as string, s.GP);
  }
}, 600_000);

afterAll(async () => {
  await world?.close();
});

/** A page of the players list; a refused query fails the test with the store's message. */
async function playersPage(query: Record<string, string>): Promise<OfflinePlayersPage> {
  const r = await world.store.listPlayers(query);
  if (!r.ok) throw new Error(`the store refused ${JSON.stringify(query)}: ${r.issue.message}`);
  return r.value;
}

/** Regular-season NHL and WHA games of the one player of that name in Master.csv. */
function games(name: string): number {
  const ids = idOf.get(name) ?? [];
  expect(ids, `one player named ${name} in Master.csv`).toHaveLength(1);
  return gamesOf.get(ids[0] as string) ?? 0;
}

describe('a misspelt name, no sort chosen: the player meant comes first', () => {
  // Typed, the player meant, and the names as close to the typing that played fewer games (when there are).
  const CASES: [typed: string, meant: string, asClose: string[]][] = [
    // A letter left out.
    ['Selane', 'Teemu Selanne', []],
    ['Malkn', 'Evgeni Malkin', []],
    // A letter changed.
    ['Gretsky', 'Wayne Gretzky', ['Brent Gretzky']],
    ['Yagr', 'Jaromir Jagr', []],
    ['Makarow', 'Sergei Makarov', ['Andrey Makarov', 'Nicolai Makarov']],
    // A letter too many.
    ['Ovetchkin', 'Alex Ovechkin', []],
    ['Lafleure', 'Guy Lafleur', ['Roland Lafleur']],
    ['Lindross', 'Eric Lindros', ['Brett Lindros']],
    ['Bossey', 'Mike Bossy', []],
    ['Mesier', 'Mark Messier', ['Eric Messier', 'Joby Messier']],
    // Two neighbours swapped: one edit (Damerau–Levenshtein), every Lemieux as close.
    ['Lemiuex', 'Claude Lemieux', ['Mario Lemieux', 'Jocelyn Lemieux']],
    // Two edits.
    ['Brodure', 'Martin Brodeur', ['Mike Brodeur', 'Richard Brodeur']],
    ['Crosbie', 'Sidney Crosby', []],
    // A first name that starts his, and a misspelt last name.
    ['teemu selane', 'Teemu Selanne', []],
  ];
  for (const [typed, meant, asClose] of CASES) {
    it(`"${typed}" → ${meant}`, async () => {
      const page = await playersPage({ q: typed, limit: '50' });
      expect(page.spellingForgiven).toBe(true);
      expect(page.data[0]?.name).toBe(meant);
      // Among the names as close, he played the most games (Scoring.csv and Goalies.csv).
      const names = page.data.map((p) => p.name);
      for (const other of asClose) {
        expect(names).toContain(other);
        expect(games(meant)).toBeGreaterThan(games(other));
      }
    });
  }

  it('a sort the scout chose stands: by name, A→Z', async () => {
    const page = await playersPage({ q: 'Selane', sort: 'name', limit: '100' });
    const names = page.data.map((p) => p.name);
    expect(names.length).toBeGreaterThan(10);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names[0]).not.toBe('Teemu Selanne');
  });

  it('a search that starts names is still by name: "Gretz" lists Brent before Wayne', async () => {
    const page = await playersPage({ q: 'Gretz', limit: '50' });
    expect(page.spellingForgiven).toBeUndefined();
    expect(page.data.map((p) => p.name)).toEqual(['Brent Gretzky', 'Wayne Gretzky']);
  });
});
