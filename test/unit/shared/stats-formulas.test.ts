import { describe, expect, it } from 'vitest';
import {
  draftAge,
  draftEligibleYear,
  draftPickText,
  draftYearLabel,
  hasDraftStatus,
  seasonEndYear,
} from '../../../shared/domain/draft.ts';
import { ERA_BASELINE, eraAdjusted, eraFactors, leagueGames } from '../../../shared/domain/era.ts';
import {
  isGoalieLine,
  playerPositions,
  playsPosition,
  positionFilterMask,
  positionGroupOf,
  positionMask,
} from '../../../shared/domain/stat-lines.ts';

// Expected values are worked out by hand in the comments, not by the modules.
describe('draft age: age on September 15 of the season end year', () => {
  it('Teemu Selänne (born 1970-07-03) is 23 in 1992-93; Alexander Mogilny (1969-02-18) is 24', () => {
    // 15 Sept 1993: Selänne had turned 23 in July; Mogilny turned 24 in February.
    expect(draftAge('1970-07-03', 1993)).toBe(23);
    expect(draftAge('1969-02-18', 1993)).toBe(24);
  });
  it('a birthday on the cut-off counts; the day after does not', () => {
    // Born 15 Sept 1970: 18 on 15 Sept 1988. Born 16 Sept 1970: still 17 then.
    expect(draftAge('1970-09-15', 1988)).toBe(18);
    expect(draftAge('1970-09-16', 1988)).toBe(17);
    // 29 February births: 15 Sept is after it in any year.
    expect(draftAge('1972-02-29', 1990)).toBe(18);
  });
  it('is null without a full date of birth', () => {
    expect(draftAge(null, 1993)).toBeNull();
    expect(draftAge('1970', 1993)).toBeNull();
    expect(draftAge('1970-07', 1993)).toBeNull();
  });
  it('the season end year of a slug', () => {
    expect(seasonEndYear('1992-1993')).toBe(1993);
    expect(seasonEndYear('1992')).toBeNull();
  });
  it('the first draft a player is eligible for: the year he is 18 on September 15', () => {
    // Selänne (3 July 1970) turned 18 in July 1988: the 1988 draft (he was picked in it). Born on the cut-off
    // (15 Sept 1970): 18 on 15 Sept 1988, 1988. A day later: 17 then, so 1989. Michkov (9 Dec 2004): 2023.
    expect(draftEligibleYear('1970-07-03')).toBe(1988);
    expect(draftEligibleYear('1970-09-15')).toBe(1988);
    expect(draftEligibleYear('1970-09-16')).toBe(1989);
    expect(draftEligibleYear('2004-12-09')).toBe(2023);
    expect(draftEligibleYear(null)).toBeNull();
    expect(draftEligibleYear('1970')).toBeNull();
  });
  it('D-1, D0, D+1 around draft age 18', () => {
    expect([16, 17, 18, 19, 20].map(draftYearLabel)).toEqual(['D-2', 'D-1', 'D0', 'D+1', 'D+2']);
    expect(draftYearLabel(null)).toBeNull();
  });
});

describe('draft status of a player-season', () => {
  it('drafted and undrafted follow the recorded selection', () => {
    expect(hasDraftStatus('drafted', 1988, 23, 1993)).toBe(true);
    expect(hasDraftStatus('undrafted', 1988, 23, 1993)).toBe(false);
    expect(hasDraftStatus('undrafted', null, 23, 1993)).toBe(true);
  });
  it('first-year eligible: D0 and not drafted before the season ended', () => {
    // Drafted in June 1988 after his 1987-88 D0 season: that season he was still first-year eligible.
    expect(hasDraftStatus('eligible', 1988, 18, 1988)).toBe(true);
    expect(hasDraftStatus('eligible', null, 18, 1988)).toBe(true);
    expect(hasDraftStatus('eligible', 1987, 18, 1988)).toBe(false);
    expect(hasDraftStatus('eligible', null, 19, 1989)).toBe(false);
  });
  it('over-age: D+1 or older and not yet drafted', () => {
    expect(hasDraftStatus('overage', null, 19, 1989)).toBe(true);
    expect(hasDraftStatus('overage', 1989, 19, 1989)).toBe(true);
    expect(hasDraftStatus('overage', 1988, 19, 1989)).toBe(false);
    expect(hasDraftStatus('overage', null, 18, 1988)).toBe(false);
    expect(hasDraftStatus('overage', null, null, 1988)).toBe(false);
  });
  it('a pick in a few characters', () => {
    expect(draftPickText({ year: 1988, round: 1, overall: 10 })).toBe('1988 R1 #10');
    expect(draftPickText({ year: 1979, round: null, overall: null })).toBe('1979');
    expect(draftPickText(null)).toBeNull();
  });
});

describe('era-adjusted scoring (Hockey-Reference: 6 goals and 10 assists a game)', () => {
  it('the baseline is stated', () => {
    expect(ERA_BASELINE).toEqual({ goalsPerGame: 6, assistsPerGame: 10 });
  });
  it('games are team games halved', () => {
    // 21 teams of 80 games: 840 games.
    expect(leagueGames(new Array(21).fill(80))).toBe(840);
  });
  it('scales goals by 6 / GPG and assists by 10 / APG', () => {
    // 8 goals and 13 assists a game: goals × 0.75, assists × 10/13.
    const f = eraFactors({ goals: 6720, assists: 10920, games: 840 });
    expect(f.goals).toBeCloseTo(0.75, 12);
    expect(f.assists).toBeCloseTo(10 / 13, 12);
    // 92 G, 120 A → 69 adjusted goals, 92.3077 adjusted assists, 161.3077 adjusted points.
    const adj = eraAdjusted({ G: 92, A: 120 }, f);
    expect(adj.G).toBeCloseTo(69, 9);
    expect(adj.A).toBeCloseTo(92.307692, 5);
    expect(adj.PTS).toBeCloseTo(161.307692, 5);
  });
  it('a lower-scoring season scales up: 5 goals and 8.5 assists a game', () => {
    // 5 GPG → × 1.2; 8.5 APG → × 1.176470…; 50 G and 40 A → 60 and 47.0588, 107.0588 points.
    const adj = eraAdjusted({ G: 50, A: 40 }, eraFactors({ goals: 5000, assists: 8500, games: 1000 }));
    expect(adj.G).toBeCloseTo(60, 9);
    expect(adj.PTS).toBeCloseTo(107.058824, 5);
  });
  it('is null without games, goals or a count', () => {
    expect(eraFactors({ goals: 10, assists: 10, games: 0 })).toEqual({ goals: null, assists: null });
    expect(eraAdjusted({ G: null, A: 5 }, { goals: 1, assists: 1 })).toEqual({ G: null, A: 5, PTS: null });
  });
});

describe('positions and line kinds', () => {
  it('detailed positions first, else the position letter', () => {
    expect(playerPositions(['C', 'RW'], 'F')).toEqual(['C', 'RW']);
    expect(playerPositions(['L'], 'F')).toEqual(['LW']);
    expect(playerPositions([], 'D')).toEqual(['D']);
    expect(playerPositions([], 'F')).toEqual(['F']);
    expect(playerPositions([], null)).toEqual([]);
  });
  it('F matches every forward; others their own', () => {
    expect(playsPosition(['RW'], 'F')).toBe(true);
    expect(playsPosition(['F'], 'F')).toBe(true);
    expect(playsPosition(['F'], 'C')).toBe(false);
    expect(playsPosition(['D'], 'F')).toBe(false);
    // As bits: C|RW = 1|4 = 5; F matches C, LW, RW and F = 1|2|4|32 = 39.
    expect(positionMask(['C', 'RW'])).toBe(5);
    expect(positionFilterMask('F')).toBe(39);
    expect(positionFilterMask('D')).toBe(8);
  });
  it('the position group is the listed position’s, its first entry first, not every position played', () => {
    expect(positionGroupOf('F', ['C', 'LW'])).toBe('F');
    // A defenceman who also played wing (the Databank's "D/L": position D, detailed D and LW).
    expect(positionGroupOf('D', ['D', 'LW'])).toBe('D');
    expect(positionGroupOf('C/LW', [])).toBe('F');
    expect(positionGroupOf('D/LW', [])).toBe('D');
    expect(positionGroupOf('LW/D', [])).toBe('F');
    // No listed position: the first detailed one.
    expect(positionGroupOf(null, ['D', 'RW'])).toBe('D');
    expect(positionGroupOf('', ['RW', 'D'])).toBe('F');
    // A goalie, or nothing known: no skaters' group.
    expect(positionGroupOf('G', ['G'])).toBeNull();
    expect(positionGroupOf(null, [])).toBeNull();
  });
  it('a goalie line records decisions or goals against; a skating line does not', () => {
    expect(isGoalieLine({ GP: 1, W: 0, GA: 3 })).toBe(true);
    expect(isGoalieLine({ GP: 48, G: 5, A: 3, PTS: 8, TOI: 900 })).toBe(false);
    expect(isGoalieLine({ GP: 2 }, { GP: 1, SO: 0 })).toBe(true);
  });
});
