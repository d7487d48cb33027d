import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { ratingSummary, type RatingCounts } from '@domain/reviews/reviews';
import { adminDb } from '@/admin/core/db';
import { ReviewCard } from './review-card';
import { ReviewRequestForm } from './review-request-form';
import { SubTabs } from '@/admin/ui/tabs';

type Sub = 'pending' | 'approved';

/**
 * The Reviews tab (docs/product.md §2): Total Reviews, Average Rating, Pending Approval and Featured
 * Reviews; the manual review request; Pending and Approved reviews, newest first. Placeholders
 * of unanswered review links are never mirrored, so they never appear.
 */
export function ReviewsTab({ loaded }: { loaded: boolean }) {
  const reviews = useLiveQuery(() => adminDb().testimonials.orderBy('created_at').reverse().toArray(), []);
  const [sub, setSub] = useState<Sub>('pending');
  const stats = useMemo(() => {
    const list = reviews ?? [];
    const counts: RatingCounts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
    for (const r of list) if (r.rating >= 1 && r.rating <= 5) counts[Math.round(r.rating) as 1 | 2 | 3 | 4 | 5] += 1;
    return {
      total: list.length,
      average: ratingSummary(counts).average,
      pending: list.filter((r) => !r.is_approved).length,
      featured: list.filter((r) => r.is_featured).length,
    };
  }, [reviews]);

  if (!reviews || (!loaded && reviews.length === 0)) return <p role="status">Loading reviews…</p>;
  const shown = reviews.filter((r) => (sub === 'approved' ? r.is_approved : !r.is_approved));

  return (
    <section aria-labelledby="reviews-heading" className="admin-panel">
      <h2 id="reviews-heading">Reviews</h2>
      <ul className="admin-tiles" aria-label="Review statistics">
        {(
          [
            ['Total Reviews', stats.total],
            ['Average Rating', stats.average.toFixed(1)],
            ['Pending Approval', stats.pending],
            ['Featured Reviews', stats.featured],
          ] as const
        ).map(([label, value]) => (
          <li key={label} className="admin-tile">
            <span className="admin-tile__label">{label}</span>
            <span className="admin-tile__value">{value}</span>
          </li>
        ))}
      </ul>
      <ReviewRequestForm />
      <SubTabs
        label="Reviews by approval"
        value={sub}
        onChange={setSub}
        tabs={[
          { id: 'pending', label: `Pending (${stats.pending})` },
          { id: 'approved', label: `Approved (${stats.total - stats.pending})` },
        ]}
        idPrefix="reviews"
      >
        {shown.length === 0 ? (
          <p className="admin-empty">{sub === 'pending' ? 'No reviews waiting for approval.' : 'No approved reviews yet.'}</p>
        ) : (
          <div className="admin-review-grid">
            {shown.map((r) => (
              <ReviewCard key={r.id} review={r} />
            ))}
          </div>
        )}
      </SubTabs>
    </section>
  );
}
