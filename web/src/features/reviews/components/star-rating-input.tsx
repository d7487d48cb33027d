/**
 * The 1–5 star picker of the review form (docs/product.md §2 Submit review). Five radio buttons drawn
 * as stars, so the keyboard works as for any radio group: Tab to it, arrows to change.
 */
export function StarRatingInput({ value, onChange, disabled }: { value: number; onChange: (rating: number) => void; disabled?: boolean }) {
  return (
    <fieldset className="star-input" disabled={disabled}>
      <legend className="label">Your rating</legend>
      <div className="star-input__row">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`star-input__star${n <= value ? ' is-on' : ''}`}>
            <input type="radio" name="rating" value={n} checked={value === n} onChange={() => onChange(n)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
        <span className="star-input__text" aria-hidden="true">
          {value} of 5
        </span>
      </div>
    </fieldset>
  );
}
