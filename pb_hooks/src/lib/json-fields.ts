/**
 * Reading a record's JSON field as an array of objects: the JSVM hands JSON fields over as raw
 * bytes, so they are read with `getString` and parsed here; anything unreadable is [].
 */
export function jsonObjects(rec: core.Record, field: string): Record<string, unknown>[] {
  try {
    const value = JSON.parse(rec.getString(field) || '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => !!v && typeof v === 'object') : [];
  } catch {
    return [];
  }
}

/** A record's JSON field read as one object (read as `jsonObjects` is); anything else is {}. */
export function jsonObject(rec: core.Record, field: string): Record<string, unknown> {
  try {
    const value = JSON.parse(rec.getString(field) || '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
