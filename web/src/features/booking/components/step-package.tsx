import { PACKAGES, TREE_SIZES, TREE_SIZE_INFO } from '@domain/catalog';
import { formatCents } from '@domain/money/cents';
import { useFirstStepWizard } from '../first-step-store';
import { chooseTreeSize, choosePackage } from '../wizard-state';

/** Step 1: package and tree size cards with prices (docs/product.md §2 Booking wizard). */
export function StepPackage() {
  const { packageSlug, treeSize, apply } = useFirstStepWizard();
  const pkg = PACKAGES.find((p) => p.slug === packageSlug);
  return (
    <div className="step">
      <fieldset className="choice-group">
        <legend>
          <h2>Choose your package</h2>
        </legend>
        <div className="choice-grid choice-grid--3">
          {PACKAGES.map((p) => (
            <label key={p.slug} className={`choice-card${packageSlug === p.slug ? ' is-selected' : ''}`}>
              <input type="radio" name="package" value={p.slug} checked={packageSlug === p.slug} onChange={() => apply((s) => choosePackage(s, p.slug))} />
              <span className="choice-card__title">
                {p.title}
                {p.featured && <span className="badge">Most Popular</span>}
              </span>
              <span className="choice-card__text">{p.description}</span>
              <span className="choice-card__price">From {formatCents(p.pricesCents['5-7ft'])}</span>
              <span className="choice-card__note">{p.includesRemoval ? 'Removal included' : `Removal optional (${formatCents(p.removalAddOnCents ?? 0)})`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice-group">
        <legend>
          <h2>Choose your tree size</h2>
        </legend>
        <div className="choice-grid choice-grid--3">
          {TREE_SIZES.map((size) => {
            const info = TREE_SIZE_INFO[size];
            return (
              <label key={size} className={`choice-card${treeSize === size ? ' is-selected' : ''}`}>
                <input type="radio" name="tree-size" value={size} checked={treeSize === size} onChange={() => apply((s) => chooseTreeSize(s, size))} />
                <span className="choice-card__title">{info.label}</span>
                <span className="choice-card__text">
                  {info.ornaments} · {info.visitHours}-hour visit
                </span>
                {pkg && <span className="choice-card__price">{formatCents(pkg.pricesCents[size])}</span>}
              </label>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
