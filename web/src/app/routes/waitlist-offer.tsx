import { useNavigate, useSearchParams } from 'react-router-dom';
import { OfferPage } from '@/features/waitlist/components/offer-page';
import { useWizard } from '@/features/booking/store';
import { wizardFromOffer } from '@/features/booking/waitlist-prefill';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

/**
 * `/waitlist/offer?token=…`: a waitlist offer from its e-mail; never indexed. 'Book it' fills the
 * booking wizard from the offer (its choices, contact and held time; the checkout then sends the
 * token) and opens it on its last step, or on the first step still missing something.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageMeta('A Time Freed Up', 'The time held for you from the waitlist: book it or pass it on.', { noindex: true });
  return (
    <OfferPage
      token={params.get('token')?.trim() || null}
      askDecline={params.get('decline') === '1'}
      onBookIt={(offer, token) => {
        const filled = wizardFromOffer(offer, token);
        useWizard.getState().apply(() => filled);
        void navigate(paths.booking, { state: { wizardStep: filled.step } });
      }}
    />
  );
}
