import { columns, env, expect, hashPath, readTable, screenshot, test } from './fixtures.ts';

/**
 * Recent games on the player page (demo data): a goaltender's games from `/game-log-aggregate?player=…`,
 * and for a skater, whom no game record names, his team's games in the season he was opened from; date,
 * opponent, score and result, and the strip of results, as the test reads the scores itself.
 */

interface Game {
  id: number;
  date: string;
  teamName: string;
  opponentName: string;
  teamScore: number;
  opponentScore: number;
  teamScoreSo: number | null;
  opponentScoreSo: number | null;
}

// The columns' titles (read by title: a column with one value on every row, like his own team, is left out).
const DATE = 'Date of the game';
const OPPONENT = 'Opponent, as named that season';
const SCORE = 'Score, his team’s goals first (shootout in brackets)';
const RESULT = 'Result for his team: W, L, T, SOW or SOL (shootout win or loss)';

function result(g: Game): string {
  if (g.teamScore !== g.opponentScore) return g.teamScore > g.opponentScore ? 'W' : 'L';
  if (g.teamScoreSo != null && g.opponentScoreSo != null && g.teamScoreSo !== g.opponentScoreSo)
    return g.teamScoreSo > g.opponentScoreSo ? 'W SO' : 'L SO';
  return 'T';
}
const score = (g: Game) =>
  `${g.teamScore}–${g.opponentScore}${g.teamScoreSo != null && g.opponentScoreSo != null ? ` (SO ${g.teamScoreSo}–${g.opponentScoreSo})` : ''}`;
/** The strip's letter: a shootout win is a win, a shootout loss a loss. */
const letter = (g: Game) => result(g).charAt(0);

test('a goaltender’s recent games and the strip of his latest results', async ({ page, service }) => {
  const [latest] = (
    await service.list<{ player: { id: number } }>('/game-log-aggregate', { sort: '-date', limit: '1' })
  ).data;
  const id = latest?.player.id as number;
  const games = (await service.list<Game>('/game-log-aggregate', { player: String(id), sort: '-date', limit: '10' }))
    .data;
  expect(games.length).toBeGreaterThan(1);
  await page.goto(`${env.demo.url}#/players/${id}`);
  const table = page.getByRole('table', { name: /^Recent games, / });
  await expect
    .poll(async () => columns(await readTable(table), [DATE, OPPONENT, SCORE, RESULT]))
    .toEqual(games.map((g) => [g.date, g.opponentName, score(g), result(g)]));
  const strip = page.getByRole('list', { name: `Last ${games.length} results, oldest first` });
  await expect(strip.getByRole('listitem')).toHaveText([...games].reverse().map(letter));
  await expect(page.getByText('Per-game points are not in the service', { exact: false })).toBeVisible();
  await screenshot(page, 'org-recent-games-goalie-demo');
});

test('a skater no game record names: his team’s games in the season he was opened from', async ({ page, service }) => {
  const [g] = (
    await service.list<Game & { team: { id: number }; season: { slug: string } }>('/game-log-aggregate', {
      sort: '-date',
      limit: '1',
    })
  ).data;
  const teamId = g?.team.id as number;
  const season = g?.season.slug as string;
  const players = (
    await service.list<{ player: { id: number; name: string }; regularStats: { W: number | null } | null }>(
      `/teams/${teamId}/player-stats`,
      { season, sort: '-regularStats.PTS', limit: '5', fields: 'id,player,regularStats' },
    )
  ).data;
  const skater = players.find((p) => p.regularStats?.W == null)?.player;
  if (!skater) throw new Error('no skater');
  expect(
    (await service.list('/game-log-aggregate', { player: String(skater.id), limit: '0' }))._meta.totalRecords,
  ).toBe(0);
  const teamGames = await service.list<Game>('/game-log-aggregate', {
    team: String(teamId),
    season,
    sort: '-date',
    limit: '10',
  });
  // From the team page's scoring table, as a scout gets there.
  await page.goto(`${env.demo.url}#/teams/${teamId}?season=${season}`);
  await page
    .getByRole('table', { name: /^Scoring, / })
    .getByRole('link', { name: skater.name })
    .click();
  await expect.poll(() => hashPath(page)).toBe(`/players/${skater.id}`);
  const table = page.getByRole('table', { name: /^Recent games, / });
  await expect
    .poll(async () => columns(await readTable(table), [DATE, OPPONENT, RESULT]))
    .toEqual(teamGames.data.map((x) => [x.date, x.opponentName, result(x)]));
  await expect(page.getByText(`No game record names ${skater.name}`, { exact: false })).toBeVisible();
  await expect(page.getByText(`${teamGames._meta.totalRecords} games`, { exact: true })).toBeVisible();
  await screenshot(page, 'org-recent-games-skater-demo');
});
