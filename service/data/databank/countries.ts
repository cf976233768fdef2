/**
 * Birth countries as written in the Databank's Master.csv, mapped to ISO 3166-1 countries
 * (alpha-3 lower-case slug, alpha-2 code). The service's `nationality` is taken from the birth country:
 * the Databank records no citizenship, and this is the nearest fact it has. Former states keep their
 * ISO 3166-3 codes (Soviet Union `sun`/SU, Czechoslovakia `csk`/CS, Yugoslavia `yug`/YU) rather than being
 * guessed into today's countries; the home nations of the UK map to the United Kingdom.
 */

/** A country row. */
export interface DatabankCountry {
  slug: string;
  name: string;
  iso_3166_1_alpha_2: string;
}

const C = (slug: string, iso: string, name: string): DatabankCountry => ({ slug, iso_3166_1_alpha_2: iso, name });
const GBR = C('gbr', 'GB', 'United Kingdom');
const RUS = C('rus', 'RU', 'Russia');
const SUN = C('sun', 'SU', 'Soviet Union');
const KOR = C('kor', 'KR', 'South Korea');

/** Birth-country names seen in the data → country; names not listed give no nationality. */
export const BIRTH_COUNTRIES: Record<string, DatabankCountry> = {
  Canada: C('can', 'CA', 'Canada'),
  USA: C('usa', 'US', 'USA'),
  Finland: C('fin', 'FI', 'Finland'),
  Sweden: C('swe', 'SE', 'Sweden'),
  Switzerland: C('che', 'CH', 'Switzerland'),
  Russia: RUS,
  'Russian Federation': RUS,
  'Russian Empire': RUS,
  USSR: SUN,
  'Soviet Union': SUN,
  Czechoslovakia: C('csk', 'CS', 'Czechoslovakia'),
  Yugoslavia: C('yug', 'YU', 'Yugoslavia'),
  'Czech Republic': C('cze', 'CZ', 'Czechia'),
  Slovakia: C('svk', 'SK', 'Slovakia'),
  Ireland: C('irl', 'IE', 'Ireland'),
  Scotland: GBR,
  England: GBR,
  Wales: GBR,
  'South Wales': GBR,
  'Northern Ireland': GBR,
  'United Kingdom': GBR,
  Nigeria: C('nga', 'NG', 'Nigeria'),
  Denmark: C('dnk', 'DK', 'Denmark'),
  Belarus: C('blr', 'BY', 'Belarus'),
  Kazakhstan: C('kaz', 'KZ', 'Kazakhstan'),
  Latvia: C('lva', 'LV', 'Latvia'),
  France: C('fra', 'FR', 'France'),
  Ukraine: C('ukr', 'UA', 'Ukraine'),
  Belgium: C('bel', 'BE', 'Belgium'),
  Croatia: C('hrv', 'HR', 'Croatia'),
  Austria: C('aut', 'AT', 'Austria'),
  Germany: C('deu', 'DE', 'Germany'),
  Venezuela: C('ven', 'VE', 'Venezuela'),
  Poland: C('pol', 'PL', 'Poland'),
  Italy: C('ita', 'IT', 'Italy'),
  Australia: C('aus', 'AU', 'Australia'),
  Japan: C('jpn', 'JP', 'Japan'),
  Bulgaria: C('bgr', 'BG', 'Bulgaria'),
  Brazil: C('bra', 'BR', 'Brazil'),
  Lebanon: C('lbn', 'LB', 'Lebanon'),
  Norway: C('nor', 'NO', 'Norway'),
  Lithuania: C('ltu', 'LT', 'Lithuania'),
  Netherlands: C('nld', 'NL', 'Netherlands'),
  'South Africa': C('zaf', 'ZA', 'South Africa'),
  Slovenia: C('svn', 'SI', 'Slovenia'),
  Taiwan: C('twn', 'TW', 'Taiwan'),
  Jamaica: C('jam', 'JM', 'Jamaica'),
  Tanzania: C('tza', 'TZ', 'Tanzania'),
  Korea: KOR,
  'South Korea': KOR,
  Paraguay: C('pry', 'PY', 'Paraguay'),
  Indonesia: C('idn', 'ID', 'Indonesia'),
  Haiti: C('hti', 'HT', 'Haiti'),
  'Brunei Darussalam': C('brn', 'BN', 'Brunei Darussalam'),
};

/**
 * National teams that played WHA teams in 1977-78 and 1978-79 and so stand in Teams.csv by franchise code:
 * they are international teams of their country, not clubs.
 */
export const NATIONAL_TEAM_FRANCHISES: Readonly<Record<string, DatabankCountry>> = {
  CZE: C('csk', 'CS', 'Czechoslovakia'),
  SOV: SUN,
};

/** The countries of the leagues and of every Databank team (always present). */
export const LEAGUE_COUNTRIES: readonly DatabankCountry[] = [
  C('can', 'CA', 'Canada'),
  C('usa', 'US', 'USA'),
  ...Object.values(NATIONAL_TEAM_FRANCHISES),
];

/** Cities of Canadian clubs in the Databank's team names (team country is Canada when a name starts with one). */
export const CANADIAN_CITIES: readonly string[] = [
  'Montreal',
  'Toronto',
  'Ottawa',
  'Quebec',
  'Hamilton',
  'Winnipeg',
  'Calgary',
  'Edmonton',
  'Alberta',
  'Vancouver',
  'Victoria',
  'New Westminster',
  'Saskatoon',
  'Regina',
  'Haileybury',
  'Cobalt',
  'Renfrew',
];
