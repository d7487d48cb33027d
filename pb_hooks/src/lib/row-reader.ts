/**
 * How the server's typed rows are read from records (docs/architecture.md "One typed booking"):
 * each collection's mapper (booking-row.ts, charge-row.ts, consultation-row.ts, waitlist-row.ts)
 * is a READ table, one reading per field of the domain's row, and this makes its three readers
 * from it, so they read a field the same way.
 */

/** A mapper's table: how each field `K` of row `Row` is read from a record. */
export type ReadTable<Row> = { [K in keyof Row]-?: (r: core.Record) => Row[K] };

/** The three readers of a READ table: the whole row, some of its fields, one field. */
export interface RowReader<Row> {
  /** Every field of record `r`'s row. */
  rowOf(r: core.Record): Row;
  /** The fields `keys` of record `r`'s row, and no others: for a projection, without reading the rest. */
  fieldsOf<K extends keyof Row>(r: core.Record, keys: readonly K[]): Pick<Row, K>;
  /** One field `key` of record `r`'s row. */
  field<K extends keyof Row>(r: core.Record, key: K): Row[K];
}

/** The readers of `read` (a mapper's READ table). */
export function rowReader<Row>(read: ReadTable<Row>): RowReader<Row> {
  const all = Object.keys(read) as (keyof Row)[];
  const fieldsOf = <K extends keyof Row>(r: core.Record, keys: readonly K[]): Pick<Row, K> => {
    const out = {} as Pick<Row, K>;
    for (const k of keys) out[k] = read[k](r);
    return out;
  };
  return {
    rowOf: (r) => fieldsOf(r, all) as Row,
    fieldsOf,
    field: (r, key) => read[key](r),
  };
}
