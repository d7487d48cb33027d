/**
 * The customers as the admin's mirror knows them (docs/architecture.md "Data model",
 * `customers`): bookings, consultations and reviews grouped on the normalised e-mail by
 * domain/customers/customers.ts, with each `customers` record (the home's notes) merged in.
 * Read live from Dexie, so the list follows the sync and works offline.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { groupCustomers, type CustomerSources, type CustomerSummary } from '@domain/customers/customers';
import { adminDb } from '@/admin/core/db';
import type { AdminBooking, AdminConsultation, AdminCustomer, AdminTestimonial } from '@/admin/core/model/records';

/** The mirror's rows the customers are made of, typed as the admin holds them. */
export interface CustomerData {
  bookings: AdminBooking[];
  consultations: AdminConsultation[];
  reviews: AdminTestimonial[];
  records: AdminCustomer[];
}

/** The mirror's rows and the customers grouped from them, newest activity first; undefined while Dexie reads. */
export function useCustomers(): { data: CustomerData; customers: CustomerSummary[] } | undefined {
  const data = useLiveQuery(async (): Promise<CustomerData> => {
    const db = adminDb();
    const [bookings, consultations, reviews, records] = await Promise.all([db.bookings.toArray(), db.consultations.toArray(), db.testimonials.toArray(), db.customers.toArray()]);
    return { bookings, consultations, reviews, records };
  }, []);
  return useMemo(() => {
    if (!data) return undefined;
    const sources: CustomerSources = {
      bookings: data.bookings,
      consultations: data.consultations,
      reviews: data.reviews.map((r) => ({ ...r, booking: r.booking ?? '', customer_email: r.customer_email ?? '', service_date: r.service_date ?? '' })),
      records: data.records,
    };
    return { data, customers: groupCustomers(sources) };
  }, [data]);
}
