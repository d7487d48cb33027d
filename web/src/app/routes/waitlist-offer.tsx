import { useNavigate, useSearchParams } from '@/lib/router';
import type { WaitlistOffer } from '@/features/waitlist/api/waitlist';
import { OfferPage } from '@/features/waitlist/components/offer-page';
import { logError } from '@/lib/log';
import { usePageMeta } from '@/lib/page-meta';
import { toast } from '@/lib/toast';
import { paths } from '@/lib/paths';

/**
 * Fills the booking wizard from `offer` and returns the step to open it on. The wizard's state
 * loads here, on 'Book it', not with the offer page (docs/architecture.md "What a page loads").
 */
async function fillWizard(offer: WaitlistOffer, token: string): Promise<number> {
  const [{ useWizard }, { wizardFromOffer }] = await Promise.all([import('@/features/booking/store'), import('@/features/booking/waitlist-prefill')]);
  const filled = wizardFromOffer(offer, token);
  useWizard.getState().apply(() => filled);
  return filled.step;
}

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
      onBookIt={(offer, token) =>
        void fillWizard(offer, token).then(
          (step) => navigate(paths.booking, { state: { wizardStep: step } }),
          (error: unknown) => {
            logError('The booking form could not be loaded', error);
            toast.error('Error', { description: 'The booking form could not be loaded. Please check your connection and try again.' });
          },
        )
      }
    />
  );
}
