import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { playerPdf } from '../../../../electron/host/lists/player-pdf.ts';
import { PlayerPdfSchema } from '../../../../shared/bridge/scouting-bridge.ts';
import { summarizeReports } from '../../../../shared/domain/reports.ts';

// The director's PDF carries the NHLe line the page's player file shows (its text extracted with unpdf),
// and says so when his league has no factor.

async function textOf(nhle: string | null | undefined): Promise<string> {
  const input = PlayerPdfSchema.parse({
    playerId: 99,
    name: 'Wayne Gretzky',
    goalie: false,
    facts: [['Born', '1961-01-26']],
    career: [],
    ...(nhle === undefined ? {} : { nhle }),
  });
  const bytes = await playerPdf(input, [], summarizeReports([], 3), new Date('2026-11-25T12:00:00Z'));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe("the player's PDF file", () => {
  it('prints his latest season’s NHLe as the page gives it', async () => {
    const line = '1.15 PTS/GP · 94 over 82 games (factor 0.83)';
    expect(await textOf(line)).toContain(`NHLe, latest season: ${line}`);
  });

  it('says when his league has no factor, and a page that sends none reads as none', async () => {
    expect(await textOf(null)).toContain('NHLe: no factor for his league yet.');
    expect(await textOf(undefined)).toContain('NHLe: no factor for his league yet.');
  });

  it('prints no data line for data that asks for no attribution (the demo world)', async () => {
    expect(await textOf(null)).not.toContain('Data:');
  });
});
