/**
 * The Hockey Databank files the importer reads and their exact header lines (from the data's SOURCE.md).
 * A file whose header differs is not the layout we know, and the import stops rather than guess.
 */

/** Header line of each file, exactly as in Hockey Databank 13.0. */
export const DATABANK_HEADERS = {
  'Master.csv':
    'playerID,coachID,hofID,firstName,lastName,nameNote,nameGiven,nameNick,height,weight,shootCatch,legendsID,ihdbID,hrefID,firstNHL,lastNHL,firstWHA,lastWHA,pos,birthYear,birthMon,birthDay,birthCountry,birthState,birthCity,deathYear,deathMon,deathDay,deathCountry,deathState,deathCity',
  'Teams.csv':
    'year,lgID,tmID,franchID,confID,divID,rank,playoff,G,W,L,T,OTL,Pts,SoW,SoL,GF,GA,name,PIM,BenchMinor,PPG,PPC,SHA,PKG,PKC,SHF',
  'Goalies.csv':
    'playerID,year,stint,tmID,lgID,GP,Min,W,L,T/OL,ENG,SHO,GA,SA,PostGP,PostMin,PostW,PostL,PostT,PostENG,PostSHO,PostGA,PostSA',
  'Coaches.csv': 'coachID,year,tmID,lgID,stint,notes,g,w,l,t,otl,postg,postw,postl,postt',
  'abbrev.csv': 'Type,Code,Fullname',
  'Scoring.csv':
    'playerID,year,stint,tmID,lgID,pos,GP,G,A,Pts,PIM,+/-,PPG,PPA,SHG,SHA,GWG,GTG,SOG,PostGP,PostG,PostA,PostPts,PostPIM,Post+/-,PostPPG,PostPPA,PostSHG,PostSHA,PostGWG,PostSOG',
} as const;

export type DatabankFile = keyof typeof DATABANK_HEADERS;

/** Files without which the import fails. `Scoring.csv` is optional: without it no skater rows are imported. */
export const REQUIRED_FILES: readonly DatabankFile[] = [
  'abbrev.csv',
  'Master.csv',
  'Teams.csv',
  'Coaches.csv',
  'Goalies.csv',
];
export const OPTIONAL_FILES: readonly DatabankFile[] = ['Scoring.csv'];

/** A Databank league (`lgID`) as a service league. */
export interface DatabankLeague {
  slug: string;
  name: string;
  fullName: string;
  countrySlug: string;
  postseasonName: string;
  officialWebUrl: string | null;
}

/** The WCHL, called WHL from 1925: one league under both `lgID`s. */
const WCHL: DatabankLeague = {
  slug: 'wchl',
  name: 'WCHL',
  fullName: 'Western Canada Hockey League',
  countrySlug: 'can',
  postseasonName: 'WCHL Playoffs',
  officialWebUrl: null,
};

/** The Databank's leagues (`lgID`) as service leagues. WCHL and WHL are one league renamed in 1925. */
export const DATABANK_LEAGUES: Record<string, DatabankLeague> = {
  NHL: {
    slug: 'nhl',
    name: 'NHL',
    fullName: 'National Hockey League',
    countrySlug: 'usa',
    postseasonName: 'Stanley Cup Playoffs',
    officialWebUrl: 'https://www.nhl.com',
  },
  WHA: {
    slug: 'wha',
    name: 'WHA',
    fullName: 'World Hockey Association',
    countrySlug: 'usa',
    postseasonName: 'Avco Cup Playoffs',
    officialWebUrl: null,
  },
  NHA: {
    slug: 'nha',
    name: 'NHA',
    fullName: 'National Hockey Association',
    countrySlug: 'can',
    postseasonName: 'NHA Playoffs',
    officialWebUrl: null,
  },
  PCHA: {
    slug: 'pcha',
    name: 'PCHA',
    fullName: 'Pacific Coast Hockey Association',
    countrySlug: 'can',
    postseasonName: 'PCHA Playoffs',
    officialWebUrl: null,
  },
  WCHL,
  WHL: WCHL,
};

/**
 * `updatedAt` of every imported record: the day the Databank CSVs were last changed (SOURCE.md), so an
 * import is reproducible and the timestamp says how fresh the data is.
 */
export const DATABANK_UPDATED_AT = '2018-11-12T00:00:00.000Z';
