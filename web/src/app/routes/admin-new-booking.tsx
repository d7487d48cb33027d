import { useEffect } from 'react';
import { useSearchParams } from '@/lib/router';
import { readBookAgainQuery } from '@domain/customers/book-again';
import { NewBookingShell } from '@/admin/features/new-booking/new-booking-shell';
import { PhoneDepositStep } from '@/admin/features/new-booking/phone-deposit';
import { BookingWizard } from '@/features/booking/components/booking-wizard';
import { useWizard } from '@/features/booking/store';
import { withPrefill } from '@/features/booking/wizard-changes';
import { usePageMeta } from '@/lib/page-meta';
import { WizardFinish } from '@/lib/wizard-finish';

/**
 * /admin/new-booking (docs/decisions/037): the booking wizard with the owner's deposit step.
 * `?name=&email=&phone=&address=` ('Book this customer' from a consultation) fills in the
 * contact details of a fresh wizard; 'Book again' from a customer's page adds their last
 * booking's package, size, add-ons and options (domain/customers/book-again.ts).
 */
export function Component() {
  usePageMeta('New booking', 'Book a customer who phoned.', { noindex: true });
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const p = readBookAgainQuery((key) => params.get(key));
    if (p === null) return;
    const store = useWizard.getState();
    store.reset();
    store.apply((st) => withPrefill(st, p));
    setParams({}, { replace: true });
  }, [params, setParams]);
  return (
    <NewBookingShell>
      <WizardFinish.Provider value={PhoneDepositStep}>
        <BookingWizard initialPackage={null} title="New booking" />
      </WizardFinish.Provider>
    </NewBookingShell>
  );
}
