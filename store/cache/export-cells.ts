import {
  type Cell,
  type ExportColumn,
  LEADER_COLUMNS,
  PLAYER_EXPORT_COLUMNS,
  rowOf,
} from '../../shared/columns/index.ts';
import type { PinnedFactor } from '../../shared/domain/nhle.ts';
import type { Checked } from '../../shared/query/list-engine.ts';
import type { ExportCallsApi, LeaderCalls, PlayerCalls, RawPlayerQuery, StoreTable } from './api.ts';

/**
 * The store's own tables (the stats browser's leaders, the players list) as the rows of an export file:
 * a page of records, each made the cells of the export's columns by the catalog's own `rowOf`
 * (shared/columns/cells.ts), as the host would. An export reads every page, and a page of flat cells
 * crosses from the worker to the host for a fraction of what its records' nested objects cost to copy.
 * `reads` are the tables' reads of an export's pages (`exportPage` of leaders/read.ts and
 * players/read.ts), which know every page will be read.
 */
export function createExportCalls(
  reads: Pick<LeaderCalls, 'leaders'> & Pick<PlayerCalls, 'listPlayers'>,
): ExportCallsApi {
  const catalogs = {
    leaders: new Map(LEADER_COLUMNS.map((c) => [c.id, c])),
    players: new Map(PLAYER_EXPORT_COLUMNS.map((c) => [c.id, c])),
  };
  return {
    exportCells(
      table: StoreTable,
      query: RawPlayerQuery,
      columnIds: readonly string[],
      pins?: readonly PinnedFactor[],
    ) {
      const catalog = catalogs[table];
      const columns: ExportColumn[] = [];
      for (const id of columnIds) {
        const column = catalog.get(id);
        if (column === undefined)
          return {
            ok: false,
            issue: { parameter: 'columns', message: `Unknown column '${id}'`, allowed: [...catalog.keys()] },
          };
        columns.push({ column, header: column.abbr });
      }
      const page: Checked<{ data: readonly unknown[]; _meta: { offset: number; totalRecords: number } }> =
        table === 'leaders' ? reads.leaders(query, pins) : reads.listPlayers(query);
      if (!page.ok) return page;
      const { offset, totalRecords } = page.value._meta;
      const rows: Cell[][] = page.value.data.map((r, i) => rowOf(columns, r, offset + i + 1));
      return { ok: true, value: { rows, totalRecords } };
    },
  };
}
