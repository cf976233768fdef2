import type { ListEnvelope } from '../../../shared/envelope.ts';
import type { OfflinePlayer, OfflinePlayerListRecord } from '../../../shared/offline.ts';
import type { StoreClient } from '../../../store/index.ts';

/** A player as the offline store keeps him, with only id, name and position known (the rest null). */
export const storePlayer = (id: number, name: string, position: string): OfflinePlayer => ({
  id,
  name,
  firstName: null,
  lastName: null,
  position,
  detailedPosition: [],
  draftSelection: null,
  nationality: null,
  dateOfBirth: null,
  yearOfBirth: null,
  height: { metrics: null },
  weight: { metrics: null },
  shoots: null,
  catches: null,
  updatedAt: null,
});

/** A page of the store's players list for `query`; a refused query fails the test with its message. */
export async function playersPage(
  store: Pick<StoreClient, 'listPlayers'>,
  query: Record<string, string>,
): Promise<ListEnvelope<OfflinePlayerListRecord>> {
  const r = await store.listPlayers(query);
  if (!r.ok) throw new Error(`the store refused ${JSON.stringify(query)}: ${r.issue.message}`);
  return r.value;
}
