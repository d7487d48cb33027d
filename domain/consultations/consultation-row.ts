/**
 * A `consultation_requests` record as PocketBase returns it (pb_migrations: 1732000002 and the
 * migrations that add to it; docs/product.md §4 consultations): snake_case fields, the date
 * `YYYY-MM-DD` (America/New_York) and its slot 'HH:MM', timestamps as PocketBase datetimes.
 * Its status is the consultation's union (domain/consultations/consultation-status.ts), so a
 * misspelt status does not compile. The server reads it from a record with one mapper
 * (pb_hooks/src/lib/consultation-row.ts consultationRowOf); the admin mirrors it unchanged
 * (web/src/admin/core/model/records.ts AdminConsultation).
 */
import type { ConsultationStatus } from './consultation-status';

export interface ConsultationRow {
  id: string;
  /** PocketBase autodates of the record. */
  created_at: string;
  updated_at: string;

  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: string;
  /** `YYYY-MM-DD` (America/New_York). */
  consultation_date: string;
  /** The slot's start, 'HH:MM' (domain/schedule/slots.ts CONSULTATION_SLOTS). */
  consultation_time_slot: string;
  notes: string;
  status: ConsultationStatus;
  /** The SEQUENCE of its calendar event, raised by every change (docs/decisions/027). */
  ics_sequence?: number;
  /** The version of the customer's link (docs/decisions/033): raised to revoke it. */
  link_version?: number;
  /** The requester's address for the pending-requests limit; server only. */
  client_ip?: string;
}

/** The fields `K` of the row, each required: a projection whose reader needs them present. */
export type ConsultationFields<K extends keyof ConsultationRow> = Required<Pick<ConsultationRow, K>>;
