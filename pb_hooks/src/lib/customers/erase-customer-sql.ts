/**
 * Small SQL helpers of the customer erasure (erase-customer-route.ts), also read by the renewals
 * job and the waitlist: ids by a query, an IN list of bound parameters, and a JSON field read as
 * a plain value.
 */

/** The `id` column of the rows `sql` selects (its parameters bound from `params`), in `app` (a transaction inside one). */
export function idsWhere(app: CoreApp, sql: string, params: Record<string, unknown>): string[] {
  const rows = arrayOf(new DynamicModel({ id: '' })) as unknown as { id: string }[];
  app
    .db()
    .newQuery(sql)
    .bind(params as unknown as dbx.Params)
    .all(rows);
  return rows.map((r) => r.id);
}

/**
 * An SQL list for `IN (…)` of `values`, each bound as {:<prefix><n>}; an empty list is `NULL`,
 * so `x IN (NULL)` matches nothing. Never `''`: an empty relation or `related_id` is `''`, and
 * `x IN ('')` would take every record without one (a review with no booking, a mail_log row
 * about no record) into the erasure.
 */
export function inList(prefix: string, values: readonly string[]): { sql: string; params: Record<string, string> } {
  if (values.length === 0) return { sql: 'NULL', params: {} };
  return { sql: values.map((_, i) => `{:${prefix}${i}}`).join(', '), params: Object.fromEntries(values.map((v, i) => [`${prefix}${i}`, v])) };
}

/** JSON field `field` of `rec` parsed (the JSVM hands JSON over as bytes); null when unreadable. */
export function jsonValueOf(rec: core.Record, field: string): unknown {
  try {
    return JSON.parse(rec.getString(field) || 'null') as unknown;
  } catch {
    return null;
  }
}
