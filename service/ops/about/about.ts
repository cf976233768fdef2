import { SERVICE_VERSION } from '../../../shared/contract/spec.ts';
import { readProvenance } from '../../db/open.ts';
import type { PublicOp } from '../../query/types.ts';

/**
 * `GET /about` (no key needed): `{version: '1.0', provenance}` — where the data came from
 * (synthetic with its seed, or the Hockey Databank with the attribution its terms require).
 */
export const about: PublicOp = {
  kind: 'public',
  path: '/about',
  summary: 'Service version and data provenance (no key needed)',
  handle: (db) => ({ version: SERVICE_VERSION, provenance: readProvenance(db) }),
};
