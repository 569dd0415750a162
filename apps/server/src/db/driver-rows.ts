import { getTableColumns, type SQL, type Table } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Runs a hand-written statement that returns whole rows of `table` (`returning *`) and gives them
 * back as drizzle's own selects would: camelCase keys, each value through its column's mapping
 * (timestamps come from the driver as text and become Dates). For the few statements the query
 * builder cannot say, such as an insert-select that names an identity column's next value.
 */
export async function rowsOfTable<T extends Table>(
  db: Database,
  table: T,
  statement: SQL,
): Promise<T['$inferSelect'][]> {
  const result = await db.execute<Record<string, unknown>>(statement);
  const columns = Object.entries(getTableColumns(table));
  return result.rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}
