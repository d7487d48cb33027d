/**
 * The one mapper from a `consultation_requests` record to the domain's typed row
 * (domain/consultations/consultation-row.ts), below every topic folder so each of them
 * (consultations, my-consultation, the calendar feed, customers) reads a consultation the same
 * way (docs/architecture.md "One typed booking").
 */
import type { ConsultationRow } from '@domain/consultations/consultation-row';
import { asConsultationStatus } from '@domain/consultations/consultation-status';
import { rowReader, type ReadTable } from './row-reader';

/** The row as the server reads it from a record: every field present. */
export type ReadConsultationRow = { [K in keyof ConsultationRow]-?: NonNullable<ConsultationRow[K]> };

/** How each field of the row is read from a record: the one place that spells a consultation field's reading. */
const READ: ReadTable<ReadConsultationRow> = {
  id: (r) => r.id,
  created_at: (r) => r.getString('created_at'),
  updated_at: (r) => r.getString('updated_at'),
  customer_name: (r) => r.getString('customer_name'),
  customer_email: (r) => r.getString('customer_email'),
  customer_phone: (r) => r.getString('customer_phone'),
  customer_address: (r) => r.getString('customer_address'),
  consultation_date: (r) => r.getString('consultation_date'),
  consultation_time_slot: (r) => r.getString('consultation_time_slot'),
  notes: (r) => r.getString('notes'),
  status: (r) => asConsultationStatus(r.getString('status')),
  ics_sequence: (r) => r.getInt('ics_sequence'),
  link_version: (r) => r.getInt('link_version'),
  client_ip: (r) => r.getString('client_ip'),
};
const CONSULTATIONS = rowReader(READ);

/**
 * The `consultation_requests` record `r` as the domain's typed row: the one mapper from a
 * record, so its status is the consultation's union (a stored value the migrations do not
 * allow, or none, reads as `pending`, asConsultationStatus).
 * consultationFieldsOf reads only the fields `keys` (for a projection), consultationField one field, each as
 * consultationRowOf reads it (row-reader.ts).
 */
export const { rowOf: consultationRowOf, fieldsOf: consultationFieldsOf, field: consultationField } = CONSULTATIONS;
