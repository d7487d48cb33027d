import { Link } from '@/lib/router';
import { INCLUDED_REMOVAL_VALUE_CENTS, TREE_SIZES, TREE_SIZE_INFO, type PackageInfo } from '@domain/catalog';
import { formatCents } from '@domain/money/cents';
import { paths } from '@/lib/paths';

/**
 * One package on Services & Pricing (docs/product.md §2): title, description, features, the price for
 * each of the three tree heights, the Most Popular badge, and the removal note.
 */
export function PackageCard({ pkg }: { pkg: PackageInfo }) {
  const titleId = `package-${pkg.slug}`;
  return (
    <article className={`card package${pkg.featured ? ' package--featured' : ''}`} aria-labelledby={titleId}>
      {pkg.featured && <p className="pill pill--gold package__badge">Most Popular</p>}
      <h3 id={titleId}>{pkg.title}</h3>
      <p className="package__description">{pkg.description}</p>
      <ul className="check-list package__features">
        {pkg.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <dl className="package__prices">
        {TREE_SIZES.map((size) => (
          <div key={size}>
            <dt>
              {TREE_SIZE_INFO[size].label} <span>{TREE_SIZE_INFO[size].tier}</span>
            </dt>
            <dd>{formatCents(pkg.pricesCents[size])}</dd>
          </div>
        ))}
      </dl>
      <p className="package__note">
        {pkg.includesRemoval
          ? `Total includes ${formatCents(INCLUDED_REMOVAL_VALUE_CENTS)} removal service`
          : `Removal service available for ${formatCents(pkg.removalAddOnCents ?? 0)}, automatically included with upgrades`}
      </p>
      <Link to={`${paths.booking}?package=${pkg.slug}`} className={`button${pkg.featured ? ' button--primary' : ''} package__cta`}>
        Book {pkg.title}
      </Link>
    </article>
  );
}
