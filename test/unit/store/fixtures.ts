import type { OfflinePlayer } from '../../../../shared/offline.ts';

/** A player as the offline store keeps him, with only id, name and position known (the rest null). */
export const storePlayer = (id: number, name: string, position: string): OfflinePlayer => ({
  id,
  name,
  firstName: null,
  lastName: null,
  position,
  nationality: null,
  dateOfBirth: null,
  yearOfBirth: null,
  height: { metrics: null },
  weight: { metrics: null },
  shoots: null,
  catches: null,
  updatedAt: null,
});
