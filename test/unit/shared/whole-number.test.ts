import { describe, expect, it } from 'vitest';
import { EntryQuerySchema } from '../../../shared/domain/lists.ts';
import { ComparablesQuerySchema, FactorQuerySchema } from '../../../shared/domain/nhle.ts';

// Counts, offsets and limits the page sends are read exactly: the digits of a whole number, or a JSON one.
// `z.coerce.number()` read "" as 0, " 12" as 12, "1e2" as 100, "0x10" as 16 and true as 1.
const MALFORMED: unknown[] = ['', ' 12', '12 ', '1e2', '0x10', '+3', '012', '1.5', 1.5, true, null, [], {}];

describe('whole numbers from the page', () => {
  it.each(MALFORMED)('a list page refuses offset %j and limit %j', (bad) => {
    expect(EntryQuerySchema.safeParse({ offset: bad }).success).toBe(false);
    expect(EntryQuerySchema.safeParse({ limit: bad }).success).toBe(false);
  });

  it.each(MALFORMED)('NHLe factors refuse minGP %j, comparables k %j', (bad) => {
    expect(FactorQuerySchema.safeParse({ minGP: bad }).success).toBe(false);
    const comparables = { playerId: 1, league: 'ahl', season: '2015-2016' };
    expect(ComparablesQuerySchema.safeParse({ ...comparables, k: bad }).success).toBe(false);
  });

  it('reads digits and numbers within the bounds, defaults when absent, and names the rule otherwise', () => {
    expect(EntryQuerySchema.parse({ offset: '25', limit: 50 })).toMatchObject({ offset: 25, limit: 50 });
    expect(EntryQuerySchema.parse({})).toMatchObject({ offset: 0, limit: 100 });
    expect(FactorQuerySchema.parse({ minGP: '82' }).minGP).toBe(82);
    const over = FactorQuerySchema.safeParse({ minGP: '83' });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('a whole number from 1 to 82');
    expect(over.error?.issues[0]?.path).toEqual(['minGP']);
  });
});
