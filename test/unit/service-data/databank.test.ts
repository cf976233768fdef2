// The Hockey Databank importer on a tiny Databank directory this test writes itself (real headers, a few
// rows modelled on the real files, and rows that must be skipped).
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../service/data/databank/import.ts';
import { DatabankImportError, importDatabank } from '../../../service/data/databank/import.ts';
import { seedDatabase } from '../../../service/data/seed.ts';
import { openPlain, tempDir } from './helpers.ts';

const HEADERS: Record<string, string> = {
  'abbrev.csv': 'Type,Code,Fullname',
  'Master.csv':
    'playerID,coachID,hofID,firstName,lastName,nameNote,nameGiven,nameNick,height,weight,shootCatch,legendsID,ihdbID,hrefID,firstNHL,lastNHL,firstWHA,lastWHA,pos,birthYear,birthMon,birthDay,birthCountry,birthState,birthCity,deathYear,deathMon,deathDay,deathCountry,deathState,deathCity',
  'Teams.csv':
    'year,lgID,tmID,franchID,confID,divID,rank,playoff,G,W,L,T,OTL,Pts,SoW,SoL,GF,GA,name,PIM,BenchMinor,PPG,PPC,SHA,PKG,PKC,SHF',
  'Goalies.csv':
    'playerID,year,stint,tmID,lgID,GP,Min,W,L,T/OL,ENG,SHO,GA,SA,PostGP,PostMin,PostW,PostL,PostT,PostENG,PostSHO,PostGA,PostSA',
  'Coaches.csv': 'coachID,year,tmID,lgID,stint,notes,g,w,l,t,otl,postg,postw,postl,postt',
  'Scoring.csv':
    'playerID,year,stint,tmID,lgID,pos,GP,G,A,Pts,PIM,+/-,PPG,PPA,SHG,SHA,GWG,GTG,SOG,PostGP,PostG,PostA,PostPts,PostPIM,Post+/-,PostPPG,PostPPA,PostSHG,PostSHA,PostGWG,PostSOG',
};

/** A CSV line from named values; unnamed columns are empty. */
function line(file: string, values: Record<string, string | number>): string {
  return (HEADERS[file] as string)
    .split(',')
    .map((c) => String(values[c] ?? ''))
    .join(',');
}

const ROWS: Record<string, string[]> = {
  'abbrev.csv': [
    'Division,SM,Smythe Division',
    'Division,PT,Patrick Division',
    'Division,PC,Pacific Division',
    'Conference,CC,Campbell Conference',
    'Playoffs,DF,Lost NHL division finals',
    'Playoffs,F,Lost Stanley Cup finals',
    'Playoffs,AVF,Lost AVCO Cup finals',
    'Playoffs,PRE,Lost NHL preliminary round',
  ],
  'Teams.csv': [
    line('Teams.csv', {
      year: 1978,
      lgID: 'WHA',
      tmID: 'EDO',
      franchID: 'EDM',
      rank: 1,
      playoff: 'AVF',
      G: 80,
      W: 48,
      L: 30,
      T: 2,
      Pts: 98,
      GF: 340,
      GA: 266,
      name: 'Edmonton Oilers',
    }),
    line('Teams.csv', {
      year: 1979,
      lgID: 'NHL',
      tmID: 'ATF',
      franchID: 'CAL',
      confID: 'CC',
      divID: 'PT',
      rank: 4,
      playoff: 'PRE',
      G: 80,
      W: 35,
      L: 32,
      T: 13,
      Pts: 83,
      GF: 282,
      GA: 269,
      name: 'Atlanta Flames',
    }),
    line('Teams.csv', {
      year: 1985,
      lgID: 'NHL',
      tmID: 'EDM',
      franchID: 'EDM',
      confID: 'CC',
      divID: 'SM',
      rank: 1,
      playoff: 'DF',
      G: 80,
      W: 56,
      L: 17,
      T: 7,
      Pts: 119,
      GF: 426,
      GA: 310,
      name: 'Edmonton Oilers',
    }),
    line('Teams.csv', {
      year: 1985,
      lgID: 'NHL',
      tmID: 'CAL',
      franchID: 'CAL',
      confID: 'CC',
      divID: 'SM',
      rank: 2,
      playoff: 'F',
      G: 80,
      W: 40,
      L: 31,
      T: 9,
      Pts: 89,
      GF: 354,
      GA: 315,
      name: 'Calgary Flames',
    }),
    line('Teams.csv', {
      year: 2017,
      lgID: 'NHL',
      tmID: 'EDM',
      franchID: 'EDM',
      confID: 'WC',
      divID: 'PC',
      rank: 6,
      G: 82,
      W: 36,
      L: 40,
      OTL: 6,
      Pts: 78,
      GF: 234,
      GA: 263,
      name: 'Edmonton Oilers',
    }),
  ],
  'Master.csv': [
    line('Master.csv', {
      playerID: 'fuhrgr01',
      hofID: 'fuhrgr01h',
      firstName: 'Grant',
      lastName: 'Fuhr',
      height: 70,
      weight: 200,
      shootCatch: 'R',
      pos: 'G',
      birthYear: 1962,
      birthMon: 9,
      birthDay: 28,
      birthCountry: 'Canada',
      birthState: 'AB',
      birthCity: 'Spruce Grove',
    }),
    line('Master.csv', {
      playerID: 'moogan01',
      firstName: 'Andy',
      lastName: 'Moog',
      height: 68,
      weight: 170,
      shootCatch: 'L',
      pos: 'G',
      birthYear: 1960,
      birthMon: 2,
      birthDay: 18,
      birthCountry: 'Canada',
      birthState: 'BC',
      birthCity: 'Penticton',
    }),
    line('Master.csv', {
      playerID: 'gretzwa01',
      firstName: 'Wayne',
      lastName: 'Gretzky',
      height: 72,
      weight: 185,
      shootCatch: 'L',
      pos: 'C',
      birthYear: 1961,
      birthMon: 1,
      birthDay: 26,
      birthCountry: 'Canada',
      birthState: 'ON',
      birthCity: 'Brantford',
    }),
    line('Master.csv', {
      playerID: 'sathegl01',
      coachID: 'sathegl01c',
      firstName: 'Glen',
      lastName: 'Sather',
      height: 71,
      weight: 180,
      shootCatch: 'L',
      pos: 'L',
      birthYear: 1943,
      birthMon: 9,
      birthDay: 2,
      birthCountry: 'Canada',
      birthState: 'AB',
      birthCity: 'High River',
    }),
    line('Master.csv', {
      playerID: 'talboca01',
      firstName: 'Cam',
      lastName: 'Talbot',
      height: 75,
      weight: 195,
      shootCatch: 'L',
      pos: 'G',
      birthYear: 1987,
      birthMon: 7,
      birthDay: 5,
      birthCountry: 'Canada',
      birthState: 'ON',
      birthCity: 'Caledonia',
    }),
    // Shifted by one column, as coach hynesjo01c is in the real file: must be skipped (line 7).
    ',hynesjo01c,,John,Hynes,,,,,69,180,,26586,hynesjo01c,,,,,,1975,2,10,USA,RI,Warwick,,,,,,',
  ],
  'Goalies.csv': [
    line('Goalies.csv', {
      playerID: 'fuhrgr01',
      year: 1985,
      stint: 1,
      tmID: 'EDM',
      lgID: 'NHL',
      GP: 40,
      Min: 2184,
      W: 29,
      L: 8,
      'T/OL': 0,
      ENG: 1,
      SHO: 0,
      GA: 143,
      SA: 1296,
      PostGP: 9,
      PostMin: 541,
      PostW: 5,
      PostL: 4,
      PostENG: 1,
      PostSHO: 0,
      PostGA: 28,
      PostSA: 273,
    }),
    line('Goalies.csv', {
      playerID: 'moogan01',
      year: 1985,
      stint: 1,
      tmID: 'EDM',
      lgID: 'NHL',
      GP: 47,
      Min: 2664,
      W: 27,
      L: 9,
      'T/OL': 7,
      ENG: 2,
      SHO: 1,
      GA: 164,
      SA: 1480,
      PostGP: 1,
      PostMin: 60,
      PostW: 1,
      PostL: 0,
      PostENG: 0,
      PostSHO: 0,
      PostGA: 1,
      PostSA: 27,
    }),
    line('Goalies.csv', {
      playerID: 'talboca01',
      year: 2017,
      stint: 1,
      tmID: 'EDM',
      lgID: 'NHL',
      GP: 67,
      Min: 3837,
      W: 31,
      L: 31,
      'T/OL': 3,
      SHO: 1,
      GA: 195,
      SA: 2031,
    }),
    // No GP/Min and no postseason games: nothing to read (line 5).
    line('Goalies.csv', { playerID: 'moogan01', year: 1979, stint: 1, tmID: 'ATF', lgID: 'NHL' }),
    // Playoff-only stint: imported with a note (line 6).
    line('Goalies.csv', {
      playerID: 'moogan01',
      year: 1978,
      stint: 1,
      tmID: 'EDO',
      lgID: 'WHA',
      PostGP: 2,
      PostMin: 120,
      PostW: 1,
      PostL: 1,
      PostGA: 6,
      PostSA: 60,
    }),
  ],
  'Coaches.csv': [
    line('Coaches.csv', {
      coachID: 'sathegl01c',
      year: 1985,
      tmID: 'EDM',
      lgID: 'NHL',
      stint: 1,
      g: 80,
      w: 56,
      l: 17,
      t: 7,
      postg: 10,
      postw: 6,
      postl: 4,
    }),
    // Its Master row is the shifted one: skipped (line 3).
    line('Coaches.csv', {
      coachID: 'hynesjo01c',
      year: 2017,
      tmID: 'EDM',
      lgID: 'NHL',
      stint: 1,
      g: 82,
      w: 36,
      l: 40,
      otl: 6,
    }),
  ],
  'Scoring.csv': [
    line('Scoring.csv', {
      playerID: 'gretzwa01',
      year: 1985,
      stint: 1,
      tmID: 'EDM',
      lgID: 'NHL',
      pos: 'C',
      GP: 80,
      G: 52,
      A: 163,
      Pts: 215,
      PIM: 46,
      '+/-': 71,
      PPG: 11,
      PostGP: 10,
      PostG: 8,
      PostA: 11,
      PostPts: 19,
      PostPIM: 2,
      'Post+/-': 5,
    }),
    line('Scoring.csv', {
      playerID: 'fuhrgr01',
      year: 1985,
      stint: 1,
      tmID: 'EDM',
      lgID: 'NHL',
      pos: 'G',
      GP: 40,
      G: 0,
      A: 3,
      Pts: 3,
      PIM: 6,
      PostGP: 9,
      PostG: 0,
      PostA: 1,
      PostPts: 1,
      PostPIM: 0,
    }),
    // Too few fields (line 4).
    'gretzwa01,1986,1,EDM,NHL,C,79',
  ],
};

function writeDatabank(dir: string, override: Record<string, string | null> = {}): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, header] of Object.entries(HEADERS)) {
    const h = file in override ? override[file] : header;
    if (h === null || h === undefined) continue;
    fs.writeFileSync(path.join(dir, file), `${[h, ...(ROWS[file] ?? [])].join('\n')}\n`);
  }
}

const ATTRIBUTION =
  'The information used herein was obtained free of charge from and is copyrighted by the Hockey Databank project.  For more information about the Hockey Databank project please visit http://sports.groups.yahoo.com/group/hockey-databank';

describe('importDatabank on a tiny Databank directory', () => {
  const t = tempDir();
  const dir = path.join(t.dir, 'databank');
  const file = path.join(t.dir, 'out', 'databank.db');
  let report: ImportReport;
  let db: DatabaseSync;
  const skipped: string[] = [];

  beforeAll(async () => {
    writeDatabank(dir);
    // The tiny directory skips rows on purpose (a fifth of some files) and has team-seasons without goalies:
    // the damage threshold is for real imports.
    report = await importDatabank(dir, file, {
      onSkip: (f, l, reason) => skipped.push(`${f}:${l} ${reason}`),
      maxSkippedShare: 1,
    });
    db = openPlain(file);
  });
  afterAll(() => {
    db?.close();
    t.cleanup();
  });

  it('skips and reports exactly the unreadable rows, with file, line and reason', () => {
    expect(report.skipped.map((s) => `${s.file}:${s.line}`).sort()).toEqual(
      ['Coaches.csv:3', 'Goalies.csv:5', 'Master.csv:7', 'Scoring.csv:4'].sort(),
    );
    const reasons = Object.fromEntries(report.skipped.map((s) => [s.file, s.reason]));
    expect(reasons['Master.csv']).toMatch(/hynesjo01c.*shifted/);
    expect(reasons['Coaches.csv']).toMatch(/hynesjo01c.*no \(readable\) Master\.csv row/);
    expect(reasons['Goalies.csv']).toMatch(/no GP\/Min/);
    expect(reasons['Scoring.csv']).toMatch(/7 fields, expected 31/);
    expect(skipped).toHaveLength(4);
    expect(report.notes.map((n) => `${n.file}:${n.line}`)).toEqual(['Goalies.csv:6']);
  });

  it('counts what it wrote', () => {
    expect(report.counts).toMatchObject({
      leagues: 2,
      seasons: 4,
      teams: 2,
      team_seasons: 5,
      standings: 5,
      players: 5,
      staff: 1,
      staff_stats: 1,
      player_stats: 5,
    });
  });

  it('makes one team per franchise named by its latest name; team-seasons keep that season name and league', () => {
    const teams = db.prepare('SELECT id, name, leagueSlug, status FROM teams ORDER BY name').all();
    expect(teams).toEqual([
      { id: 2, name: 'Calgary Flames', leagueSlug: 'nhl', status: 'not-active' },
      { id: 1, name: 'Edmonton Oilers', leagueSlug: 'nhl', status: 'active' },
    ]);
    const seasons = db
      .prepare('SELECT teamId, seasonSlug, leagueSlug, teamName FROM team_seasons ORDER BY teamId, seasonSlug')
      .all();
    expect(seasons).toEqual([
      { teamId: 1, seasonSlug: '1978-1979', leagueSlug: 'wha', teamName: 'Edmonton Oilers' },
      { teamId: 1, seasonSlug: '1985-1986', leagueSlug: 'nhl', teamName: 'Edmonton Oilers' },
      { teamId: 1, seasonSlug: '2017-2018', leagueSlug: 'nhl', teamName: 'Edmonton Oilers' },
      { teamId: 2, seasonSlug: '1979-1980', leagueSlug: 'nhl', teamName: 'Atlanta Flames' },
      { teamId: 2, seasonSlug: '1985-1986', leagueSlug: 'nhl', teamName: 'Calgary Flames' },
    ]);
  });

  it('maps standings: rank, division names, playoff result, T and OTL as given', () => {
    const rows = db
      .prepare(
        'SELECT seasonSlug, teamName, "group", position, postseason, GP, W, L, T, OTL, PTS, GF, GA, GD FROM standings WHERE teamId = 1 ORDER BY seasonSlug',
      )
      .all();
    expect(rows).toEqual([
      {
        seasonSlug: '1978-1979',
        teamName: 'Edmonton Oilers',
        group: null,
        position: 1,
        postseason: 'Lost AVCO Cup finals',
        GP: 80,
        W: 48,
        L: 30,
        T: 2,
        OTL: null,
        PTS: 98,
        GF: 340,
        GA: 266,
        GD: 74,
      },
      {
        seasonSlug: '1985-1986',
        teamName: 'Edmonton Oilers',
        group: 'Smythe Division',
        position: 1,
        postseason: 'Lost NHL division finals',
        GP: 80,
        W: 56,
        L: 17,
        T: 7,
        OTL: null,
        PTS: 119,
        GF: 426,
        GA: 310,
        GD: 116,
      },
      {
        seasonSlug: '2017-2018',
        teamName: 'Edmonton Oilers',
        group: 'Pacific Division',
        position: 6,
        postseason: null,
        GP: 82,
        W: 36,
        L: 40,
        T: null,
        OTL: 6,
        PTS: 78,
        GF: 234,
        GA: 263,
        GD: -29,
      },
    ]);
  });

  it('imports the 1985-86 Oilers goalies with their real numbers, derived SVS/SVP/GAA and totals', () => {
    const rows = db
      .prepare(
        `SELECT p.lastName, reg_GP, reg_TOI, reg_W, reg_L, reg_T, reg_SO, reg_GA, reg_SA, reg_SVS, reg_SVP, reg_GAA, reg_A, reg_PIM,
                post_GP, post_TOI, post_W, post_L, post_GA, post_SA, post_SVS, post_SVP, post_GAA,
                tot_GP, tot_GA, tot_SA, tot_SVS, tot_SVP, tot_GAA, postseasonName
         FROM player_stats s JOIN players p ON p.id = s.playerId
         WHERE s.teamId = 1 AND s.seasonSlug = '1985-1986' AND s.isGoalie = 1 ORDER BY reg_GP DESC`,
      )
      .all();
    expect(rows).toEqual([
      {
        lastName: 'Moog',
        reg_GP: 47,
        reg_TOI: 2664,
        reg_W: 27,
        reg_L: 9,
        reg_T: 7,
        reg_SO: 1,
        reg_GA: 164,
        reg_SA: 1480,
        reg_SVS: 1316,
        reg_SVP: 0.889,
        reg_GAA: 3.69,
        reg_A: null,
        reg_PIM: null,
        post_GP: 1,
        post_TOI: 60,
        post_W: 1,
        post_L: 0,
        post_GA: 1,
        post_SA: 27,
        post_SVS: 26,
        post_SVP: 0.963,
        post_GAA: 1,
        tot_GP: 48,
        tot_GA: 165,
        tot_SA: 1507,
        tot_SVS: 1342,
        tot_SVP: 0.891,
        tot_GAA: 3.63,
        postseasonName: 'Stanley Cup Playoffs',
      },
      {
        lastName: 'Fuhr',
        reg_GP: 40,
        reg_TOI: 2184,
        reg_W: 29,
        reg_L: 8,
        reg_T: 0,
        reg_SO: 0,
        reg_GA: 143,
        reg_SA: 1296,
        reg_SVS: 1153,
        reg_SVP: 0.89,
        reg_GAA: 3.93,
        reg_A: 3,
        reg_PIM: 6,
        post_GP: 9,
        post_TOI: 541,
        post_W: 5,
        post_L: 4,
        post_GA: 28,
        post_SA: 273,
        post_SVS: 245,
        post_SVP: 0.897,
        post_GAA: 3.11,
        tot_GP: 49,
        tot_GA: 171,
        tot_SA: 1569,
        tot_SVS: 1398,
        tot_SVP: 0.891,
        tot_GAA: 3.77,
        postseasonName: 'Stanley Cup Playoffs',
      },
    ]);
  });

  it('keeps a playoff-only stint with an empty regular season', () => {
    const r = db
      .prepare(
        "SELECT reg_GP, reg_SVP, post_GP, post_GA, post_SA, post_SVP, tot_GP, leagueSlug FROM player_stats WHERE seasonSlug = '1978-1979'",
      )
      .get();
    expect(r).toEqual({
      reg_GP: null,
      reg_SVP: null,
      post_GP: 2,
      post_GA: 6,
      post_SA: 60,
      post_SVP: 0.9,
      tot_GP: 2,
      leagueSlug: 'wha',
    });
  });

  it('imports skaters from Scoring.csv (PM from +/-, PPG as points per game)', () => {
    const r = db
      .prepare(
        "SELECT isGoalie, reg_GP, reg_G, reg_A, reg_PTS, reg_PIM, reg_PM, reg_PPG, post_PTS, tot_PTS FROM player_stats s JOIN players p ON p.id = s.playerId WHERE p.lastName = 'Gretzky'",
      )
      .get();
    expect(r).toEqual({
      isGoalie: 0,
      reg_GP: 80,
      reg_G: 52,
      reg_A: 163,
      reg_PTS: 215,
      reg_PIM: 46,
      reg_PM: 71,
      reg_PPG: 2.69,
      post_PTS: 19,
      tot_PTS: 234,
    });
  });

  it('converts players: inches to cm, pounds to kg, catches for goalies, shoots for skaters, birth date', () => {
    const rows = db
      .prepare(
        'SELECT firstName, lastName, playerType, position, shoots, catches, heightCm, weightKg, dateOfBirth, nationalitySlug, status FROM players ORDER BY id',
      )
      .all();
    expect(rows).toEqual([
      {
        firstName: 'Grant',
        lastName: 'Fuhr',
        playerType: 'GOALTENDER',
        position: 'G',
        shoots: null,
        catches: 'R',
        heightCm: 178,
        weightKg: 91,
        dateOfBirth: '1962-09-28',
        nationalitySlug: 'can',
        status: 'retired',
      },
      {
        firstName: 'Andy',
        lastName: 'Moog',
        playerType: 'GOALTENDER',
        position: 'G',
        shoots: null,
        catches: 'L',
        heightCm: 173,
        weightKg: 77,
        dateOfBirth: '1960-02-18',
        nationalitySlug: 'can',
        status: 'retired',
      },
      {
        firstName: 'Wayne',
        lastName: 'Gretzky',
        playerType: 'SKATER',
        position: 'F',
        shoots: 'L',
        catches: null,
        heightCm: 183,
        weightKg: 84,
        dateOfBirth: '1961-01-26',
        nationalitySlug: 'can',
        status: 'retired',
      },
      {
        firstName: 'Glen',
        lastName: 'Sather',
        playerType: 'SKATER',
        position: 'F',
        shoots: 'L',
        catches: null,
        heightCm: 180,
        weightKg: 82,
        dateOfBirth: '1943-09-02',
        nationalitySlug: 'can',
        status: 'retired',
      },
      {
        firstName: 'Cam',
        lastName: 'Talbot',
        playerType: 'GOALTENDER',
        position: 'G',
        shoots: null,
        catches: 'L',
        heightCm: 191,
        weightKg: 88,
        dateOfBirth: '1987-07-05',
        nationalitySlug: 'can',
        status: 'active',
      },
    ]);
  });

  it('makes coaches staff with a Head Coach role, linked to the same person as a player', () => {
    const s = db
      .prepare(
        'SELECT s.lastName, s.playerId, p.staffId = s.id AS linked FROM staff s JOIN players p ON p.id = s.playerId',
      )
      .get();
    expect(s).toEqual({ lastName: 'Sather', playerId: 4, linked: 1 });
    expect(db.prepare('SELECT seasonSlug, teamId, leagueSlug, role FROM staff_stats').all()).toEqual([
      { seasonSlug: '1985-1986', teamId: 1, leagueSlug: 'nhl', role: 'Head Coach' },
    ]);
  });

  it('records provenance with the attribution statement, and every reference resolves', () => {
    const p = JSON.parse(
      (db.prepare("SELECT value FROM meta WHERE key = 'provenance'").get() as { value: string }).value,
    );
    expect(p).toMatchObject({ source: 'hockey-databank', attribution: ATTRIBUTION, directory: path.resolve(dir) });
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
  });

  it('leaves only the database in its folder (no temp, -wal or -shm files)', () => {
    expect(fs.readdirSync(path.dirname(file))).toEqual(['databank.db']);
  });
});

describe('importDatabank: national teams in the WHA', () => {
  it('imports the touring Czechoslovakia team as an international team of Czechoslovakia, not a US club', async () => {
    const t = tempDir();
    try {
      const dir = path.join(t.dir, 'databank');
      writeDatabank(dir);
      // Teams.csv, 1977-78: the Czechoslovak national team played 8 games against WHA clubs.
      fs.appendFileSync(
        path.join(dir, 'Teams.csv'),
        `${line('Teams.csv', { year: 1977, lgID: 'WHA', tmID: 'CZE', franchID: 'CZE', rank: 10, G: 8, W: 1, L: 6, T: 1, Pts: 3, GF: 21, GA: 40, name: 'Czechoslovakia' })}\n`,
      );
      const file = path.join(t.dir, 'out.db');
      await importDatabank(dir, file, { maxSkippedShare: 1 });
      const db = openPlain(file);
      try {
        const team = db
          .prepare("SELECT teamType, countrySlug, continent FROM teams WHERE name = 'Czechoslovakia'")
          .get();
        expect(team).toEqual({ teamType: 'international', countrySlug: 'csk', continent: 'EU' });
        expect(db.prepare("SELECT name FROM countries WHERE slug = 'csk'").get()).toEqual({ name: 'Czechoslovakia' });
      } finally {
        db.close();
      }
    } finally {
      t.cleanup();
    }
  });
});

describe('importDatabank failures leave no half-written database', () => {
  it('fails on a wrong header, naming the file, and writes nothing', async () => {
    const t = tempDir();
    try {
      const dir = path.join(t.dir, 'bad');
      writeDatabank(dir, { 'Goalies.csv': (HEADERS['Goalies.csv'] as string).replace('T/OL', 'T') });
      const out = path.join(t.dir, 'out');
      fs.mkdirSync(out);
      const err = await importDatabank(dir, path.join(out, 'x.db')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DatabankImportError);
      expect(String((err as Error).message)).toMatch(/Goalies\.csv: the header does not match/);
      expect(fs.readdirSync(out)).toEqual([]);
    } finally {
      t.cleanup();
    }
  });

  it('fails on a missing file and keeps an existing database as it was', async () => {
    const t = tempDir();
    try {
      const dir = path.join(t.dir, 'partial');
      writeDatabank(dir, { 'Coaches.csv': null });
      const target = path.join(t.dir, 'keep.db');
      await seedDatabase(target, { size: 'small', seed: 3 });
      const before = fs.readFileSync(target);
      await expect(importDatabank(dir, target)).rejects.toThrow(/Coaches\.csv is missing/);
      expect(fs.readFileSync(target).equals(before)).toBe(true);
      expect(fs.readdirSync(t.dir).sort()).toEqual(['keep.db', 'partial']);
    } finally {
      t.cleanup();
    }
  });
});
