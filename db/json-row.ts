import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A mapper from a table row's `to_jsonb` form (snake_case keys, timestamps as ISO text) to the
 * row Drizzle's `select()` gives (camelCase keys, Date timestamps), through each column's own
 * driver mapping. For rows that SQL functions return as JSON (db/migrations/0014_*.sql).
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
