import type { About } from '../../shared/bridge/bridge.ts';

/** Where the service's data comes from (`GET /about` provenance). */
export type DataSource = About['provenance']['source'];

/**
 * The words for each data source, one place: `short` in the top bar, `inline` inside a sentence (the
 * footer's "Data: …"), `long` where it is explained (Settings), and the badge's tooltip.
 */
export const DATA_SOURCE_LABELS: Record<
  DataSource,
  { short: string; inline: string; long: string; badgeTitle: string }
> = {
  synthetic: {
    short: 'Synthetic data',
    inline: 'synthetic demo data',
    long: 'Synthetic demo data',
    badgeTitle: 'Synthetic demo data from the embedded local service, on its built-in key',
  },
  'hockey-databank': {
    short: 'Hockey Databank',
    inline: 'Hockey Databank',
    long: 'Hockey Databank (real historical data)',
    badgeTitle: 'Real Hockey Databank data from the embedded local service, on its built-in key',
  },
};
