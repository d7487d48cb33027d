import { useState } from 'react';
import { toast } from 'sonner';
import { isTreeSize, TREE_SIZE_INFO } from '@domain/catalog';
import { packageTitle } from '@domain/booking/display';
import { REVIEW_ADMIN_MESSAGES as M, REVIEW_STAGE_LABELS, isReviewStage } from '@domain/reviews/reviews';
import { adminMutations } from '@/admin/core/mutations';
import type { AdminTestimonial } from '@/admin/core/model/records';
import { formatTimestamp } from '@/admin/ui/format';
import { reportError } from '@/admin/ui/report-error';
import { ConfirmDialog } from '@/admin/ui/confirm-dialog';
import { Pill } from '@/admin/ui/pill';

function Stars({ rating }: { rating: number }) {
  const r = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span className="admin-stars" role="img" aria-label={`Rated ${r} out of 5`}>
      <span aria-hidden="true">
        {'★'.repeat(r)}
        {'☆'.repeat(5 - r)}
      </span>
    </span>
  );
}

/**
 * One review in the Reviews tab (docs/product.md §2, §4 Review, §8): approve or unapprove, feature
 * toggle and delete after 'Are you sure you want to delete this review?', with docs/product.md's toasts.
 */
export function ReviewCard({ review: t }: { review: AdminTestimonial }) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const run = async (action: () => Promise<void>, done: string, failed: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
    } catch (err) {
      reportError(err, failed);
    } finally {
      setBusy(false);
    }
  };

  const details = [packageTitle(t.package_type), isTreeSize(t.tree_size) ? TREE_SIZE_INFO[t.tree_size].label : t.tree_size, isReviewStage(t.review_stage) ? REVIEW_STAGE_LABELS[t.review_stage] : '']
    .filter(Boolean)
    .join(' · ');

  return (
    <article className="card admin-review" aria-label={`Review by ${t.customer_name}`}>
      <header className="admin-review__head">
        <Stars rating={t.rating} />
        {t.is_featured && <Pill tone="gold">Featured</Pill>}
      </header>
      <blockquote className="admin-review__text">
        <p>{t.review_text}</p>
      </blockquote>
      <p className="admin-review__meta">
        <strong>{t.customer_name || 'Anonymous'}</strong>
        {details && (
          <>
            <br />
            {details}
          </>
        )}
        <br />
        <span className="muted">Submitted {formatTimestamp(t.submitted_at || t.created_at)}</span>
      </p>
      <div className="admin-review__actions">
        {t.is_approved ? (
          <button type="button" className="button" disabled={busy} onClick={() => void run(() => adminMutations.setReviewApproved(t.id, false), M.unapproved, M.unapproveFailed)}>
            Unapprove
          </button>
        ) : (
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void run(() => adminMutations.setReviewApproved(t.id, true), M.approved, M.approveFailed)}>
            Approve
          </button>
        )}
        <button
          type="button"
          className="button"
          aria-pressed={t.is_featured}
          disabled={busy}
          onClick={() => void run(() => adminMutations.setReviewFeatured(t.id, !t.is_featured), t.is_featured ? M.unfeatured : M.featured, M.featureFailed)}
        >
          {t.is_featured ? 'Unfeature' : 'Feature'}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={() => setConfirming(true)}>
          Delete
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this review?"
        message={M.confirmDelete}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          try {
            await adminMutations.deleteReview(t.id);
          } catch (err) {
            reportError(err, M.deleteFailed);
            throw err;
          }
          toast.success(M.deleted);
        }}
      />
    </article>
  );
}
