/**
 * A read-only row of five stars for a rating (whole or fractional: 4.7 fills 4 and 70% of the
 * fifth). Screen readers get "Rated 4.7 out of 5".
 */
export function Stars({ rating, size = 'md' }: { rating: number; size?: 'md' | 'lg' }) {
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = Math.max(0, Math.min(1, rating - (n - 1)));
        return (
          <span key={n} className="stars__star" aria-hidden="true">
            <span className="stars__fill" style={{ width: `${Math.round(fill * 100)}%` }}>
              ★
            </span>
            ★
          </span>
        );
      })}
    </span>
  );
}
