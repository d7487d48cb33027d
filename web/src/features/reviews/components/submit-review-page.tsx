import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@/lib/router';
import { toast } from '@/lib/toast';
import { formatLongDate, isYmd } from '@domain/schedule/calendar';
import { PUBLIC_NAME_NOTE, REVIEW_MAX_CHARS, REVIEW_MESSAGES, REVIEW_MIN_CHARS, REVIEW_STAGE_LABELS, reviewCounterText, reviewLength } from '@domain/reviews/reviews';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/api/get-json';
import { fetchReviewLink, tokenMessageOf, type ReviewLink } from '../api/get-review-link';
import { submitReview } from '../api/submit-review';
import { StarRatingInput } from './star-rating-input';
import '../reviews.css';
import { logError } from '@/lib/log';

type LinkState = { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'ready'; link: ReviewLink } | { kind: 'done'; googleReviewUrl: string };

/**
 * A heading that takes focus and brings the top of the page into view when it appears: the
 * thank-you and 'Oops!' views replace a long form the visitor has scrolled down.
 */
function ResultHeading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className="result-heading">
      {children}
    </h1>
  );
}

/** The 'Oops!' page for every review-link problem (docs/product.md §2, §5 Reviews) with Return Home. */
function LinkProblem({ message }: { message: string }) {
  return (
    <div className="container page page--center review-page">
      <ResultHeading>Oops!</ResultHeading>
      <p className="lead" role="alert">
        {message}
      </p>
      <Link to={paths.home} className="button button--primary">
        Return Home
      </Link>
    </div>
  );
}

function ReviewForm({ token, link, onDone, onLinkProblem }: { token: string; link: ReviewLink; onDone: (rating: number) => void; onLinkProblem: (m: string) => void }) {
  const [rating, setRating] = useState(5);
  const [text, setText] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const enough = reviewLength(text) >= REVIEW_MIN_CHARS;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    if (!enough) {
      toast.error(REVIEW_MESSAGES.tooShortTitle, { description: REVIEW_MESSAGES.tooShort });
      return;
    }
    setSubmitting(true);
    try {
      await submitReview({ token, rating, review_text: text.trim() });
      toast.success(REVIEW_MESSAGES.submitted);
      onDone(rating);
    } catch (err) {
      logError('Review submission failed', err);
      const linkProblem = tokenMessageOf(err);
      if (linkProblem) {
        onLinkProblem(linkProblem);
        return;
      }
      toast.error('Error', { description: errorMessage(err, REVIEW_MESSAGES.submitFailed) });
      setSubmitting(false);
    }
  };

  const firstName = link.customerName.trim().split(/\s+/)[0] ?? '';
  return (
    <div className="container page review-page">
      <h1>Share Your Experience</h1>
      <p className="lead">{firstName ? `Thank you, ${firstName}! ` : ''}Tell us how your tree turned out. Your review helps other families find us.</p>
      <section className="card review-service" aria-labelledby="service-heading">
        <h2 id="service-heading">Your service</h2>
        <dl className="review-service__list">
          <div>
            <dt>Package</dt>
            <dd>{link.packageTitle}</dd>
          </div>
          {link.treeSize && (
            <div>
              <dt>Tree size</dt>
              <dd>{link.treeSize}</dd>
            </div>
          )}
          {isYmd(link.serviceDate) && (
            <div>
              <dt>Service date</dt>
              <dd>{formatLongDate(link.serviceDate)}</dd>
            </div>
          )}
          <div>
            <dt>Review</dt>
            <dd>{REVIEW_STAGE_LABELS[link.reviewStage] ?? link.reviewStage}</dd>
          </div>
        </dl>
      </section>
      <form className="card review-form" onSubmit={onSubmit} noValidate>
        <StarRatingInput value={rating} onChange={setRating} disabled={submitting} />
        <div className="field">
          <label htmlFor="review-text">Your review</label>
          <textarea id="review-text" rows={6} value={text} maxLength={REVIEW_MAX_CHARS} onChange={(e) => setText(e.target.value)} aria-describedby="review-count" disabled={submitting} />
          <p id="review-count" className={`hint review-count${enough ? ' is-enough' : ''}`}>
            {reviewCounterText(text)}
          </p>
        </div>
        <p className="hint">{PUBLIC_NAME_NOTE}</p>
        <button type="submit" className="button button--primary button--large" disabled={!enough || submitting}>
          {submitting ? 'Submitting...' : 'Submit Review'}
        </button>
      </form>
    </div>
  );
}

/**
 * The review page reached from the e-mailed link (docs/product.md §2 Submit review): service details
 * from /api/fn/review-link, 1–5 stars (default 5), text with a live count and a 50-character
 * minimum, then a thank-you, which offers the business's Google review page after a 5-star
 * review when the owner has set one (settings key google_review_url). Any link problem shows the 'Oops!' page with docs/product.md's message.
 */
export function SubmitReviewPage({ token }: { token: string | null }) {
  const [state, setState] = useState<LinkState>(() => (token ? { kind: 'loading' } : { kind: 'invalid', message: REVIEW_MESSAGES.linkMissing }));

  useEffect(() => {
    if (!token) return;
    let live = true;
    fetchReviewLink(token).then(
      (link) => live && setState({ kind: 'ready', link }),
      (err) => {
        if (!live) return;
        logError('Review link check failed', err);
        setState({ kind: 'invalid', message: tokenMessageOf(err) ?? REVIEW_MESSAGES.linkFailed });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  if (state.kind === 'loading') {
    return (
      <div className="container page" role="status">
        <p>Checking your review link…</p>
      </div>
    );
  }
  if (state.kind === 'invalid') return <LinkProblem message={state.message} />;
  if (state.kind === 'done') {
    return (
      <div className="container page page--center review-page">
        <ResultHeading>Thank you!</ResultHeading>
        <p className="lead" role="status">
          Your review has been submitted. It will be visible on our testimonials page once it has been approved.
        </p>
        {state.googleReviewUrl && (
          <p>
            Would you share it on Google too? It helps other families find us.{' '}
            <a href={state.googleReviewUrl} target="_blank" rel="noopener noreferrer" className="button">
              Review us on Google
            </a>
          </p>
        )}
        <Link to={paths.home} className="button button--primary">
          Return Home
        </Link>
      </div>
    );
  }
  return (
    <ReviewForm
      token={token!}
      link={state.link}
      onDone={(rating) => setState({ kind: 'done', googleReviewUrl: rating === 5 ? (state.link.googleReviewUrl ?? '') : '' })}
      onLinkProblem={(message) => setState({ kind: 'invalid', message })}
    />
  );
}
