import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A mapper from a table row's `row_to_json` form (snake_case keys, timestamps as ISO text) to the
 * row Drizzle's `select()` gives (camelCase keys, Date timestamps), through each column's own
 * driver mapping. For rows that SQL functions return as JSON (db/migrations/0013, 0014).
 */
export function rowFromJson<T extends Table>(table: T): (json: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (json) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = json[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}

/** The rows of a `db.execute` result: PGlite's driver returns `{ rows }`, the Neon driver's drizzle result is the array. */
export function executedRows<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}
