import { useMemo } from 'react';
import { countryText } from '../../shared/columns/index.ts';
import type { League } from '../../shared/contract/records/index.ts';

/**
 * Countries for the Teams and Players filters: the spec's country filter takes an ISO 3166-1
 * alpha-3 slug (lower-case, as the service writes slugs). The hockey nations a scout
 * filters by, each written as every view writes a country (`Canada (CAN)`); the allow-listed
 * endpoints have no country list to read.
 */
export const COUNTRY_OPTIONS: readonly { value: string; label: string }[] = [
  ['aut', 'Austria'],
  ['blr', 'Belarus'],
  ['can', 'Canada'],
  ['cze', 'Czechia'],
  ['dnk', 'Denmark'],
  ['fin', 'Finland'],
  ['fra', 'France'],
  ['deu', 'Germany'],
  ['gbr', 'Great Britain'],
  ['hun', 'Hungary'],
  ['ita', 'Italy'],
  ['jpn', 'Japan'],
  ['kaz', 'Kazakhstan'],
  ['lva', 'Latvia'],
  ['nor', 'Norway'],
  ['pol', 'Poland'],
  ['rus', 'Russia'],
  ['svk', 'Slovakia'],
  ['svn', 'Slovenia'],
  ['swe', 'Sweden'],
  ['che', 'Switzerland'],
  ['usa', 'United States'],
].map(([value, name]) => ({ value: value as string, label: countryText({ slug: value, name }) }));

/** A select's option: the value sent, the label shown. */
export interface Option {
  value: string;
  label: string;
}

/** The leagues as select options, by name (the Teams filter and the Standings league select). */
export function leagueOptions(leagues: readonly League[] | undefined): Option[] {
  return (leagues ?? [])
    .map((l) => ({ value: l.slug, label: l.name ?? l.slug }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** {@link leagueOptions}, computed once per leagues list. */
export function useLeagueOptions(leagues: readonly League[] | undefined): Option[] {
  return useMemo(() => leagueOptions(leagues), [leagues]);
}
