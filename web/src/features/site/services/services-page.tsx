import {
  ADDONS,
  ADDON_IDS,
  EXTRA_TREE_CENTS,
  EXTRA_TREE_REMOVAL_CENTS,
  INCLUDED_REMOVAL_VALUE_CENTS,
  KEEP_ORNAMENTS_CENTS,
  LUXE_FINISH_CENTS,
  LUXE_FINISH_INCLUDES,
  LUXE_KEEP_CENTS,
  LUXE_KEEP_OPTIONS,
  PACKAGES,
  TREE_SIZES,
  TREE_SIZE_INFO,
  type AddonInfo,
} from '@domain/catalog';
import { formatCents } from '@domain/money/cents';
import { paths } from '@/lib/paths';
import { usePageMeta } from '@/lib/page-meta';
import { SERVICE_SECTIONS, sectionLabel } from '@/lib/site-sections';
import { PageIntro } from '../components/page-intro';
import { listText } from '../site-facts';
import { PackageCard } from './package-card';
import '../site.css';
import './services.css';
import { SectionHead } from '@/components/ui/section-head';
import { LinkButtons } from '@/components/ui/link-buttons';
import { CtaBand } from '../components/cta-band';

const DESCRIPTION = 'Christmas tree decorating packages and prices by tree height, upgrades, the Luxe Finish and how to keep your ornaments. Lights, topper and base included.';

const label = (id: string) => sectionLabel(SERVICE_SECTIONS, id);

/** "$100", "$5 per letter", "$15 each". */
function addonPrice(addon: AddonInfo): string {
  const price = formatCents(addon.unitCents);
  if (addon.unit === 'letter') return `${price} per letter`;
  if (addon.unit === 'each') return `${price} each`;
  return price;
}

/** Services & Pricing (docs/product.md §2): packages, upgrades, Luxe Finish, ornament guidance, CTA. */
export function ServicesPage() {
  usePageMeta('Services & Pricing', DESCRIPTION, { path: paths.services });
  const ornamentUpgrades = ADDON_IDS.filter((id) => ADDONS[id].ornamentUpgrade).map((id) => ADDONS[id].title);
  const adorned = PACKAGES.find((p) => !p.includesRemoval);
  const fullService = PACKAGES.filter((p) => p.includesRemoval).map((p) => p.title);
  return (
    <>
      <PageIntro
        eyebrow="Services & Pricing"
        title="Services & Pricing"
        lead="Every package includes lights and a standard topper and base. Prices are by tree height; travel within our service area is free."
      >
        <nav className="jump-links" aria-label="On this page">
          {SERVICE_SECTIONS.map((s) => (
            <a key={s.id} href={`#${s.id}`}>
              {s.label}
            </a>
          ))}
        </nav>
      </PageIntro>

      <section id="packages" className="section" aria-labelledby="packages-title">
        <div className="container">
          <SectionHead
            eyebrow="Packages"
            id="packages-title"
            title={label('packages')}
            lead="Choose how much we bring: your tree and ornaments styled, a collection shopped for you, or the complete tree."
          />
          <div className="grid grid--3 package-grid">
            {PACKAGES.map((p) => (
              <PackageCard key={p.slug} pkg={p} />
            ))}
          </div>
        </div>
      </section>

      <section id="upgrades" className="section section--white" aria-labelledby="upgrades-title">
        <div className="container">
          <SectionHead eyebrow="Upgrades" id="upgrades-title" title={label('upgrades')} lead="Add any of these to a package as you book." />
          <ul className="addon-grid" role="list">
            {ADDON_IDS.map((id) => (
              <li key={id} className="addon">
                <div>
                  <h3>{ADDONS[id].title}</h3>
                  <p>{ADDONS[id].description}</p>
                </div>
                <p className="addon__price">{addonPrice(ADDONS[id])}</p>
              </li>
            ))}
            <li className="addon">
              <div>
                <h3>An Extra Tree</h3>
                <p>A second tree dressed to match, plus {formatCents(EXTRA_TREE_REMOVAL_CENTS)} when its removal is included.</p>
              </div>
              <p className="addon__price">{formatCents(EXTRA_TREE_CENTS)}</p>
            </li>
          </ul>
        </div>
      </section>

      <section id="luxe-finish" className="section section--green" aria-labelledby="luxe-finish-title">
        <div className="container luxe">
          <div>
            <p className="eyebrow">The finishing touch</p>
            <h2 id="luxe-finish-title">{label('luxe-finish')}</h2>
            <p className="lead">
              Dress the whole scene, not just the branches. The Luxe Finish replaces the individual upgrades it includes, and with {adorned?.title ?? 'any package'} it also brings scheduled removal.
            </p>
            <p className="luxe__price">
              {formatCents(LUXE_FINISH_CENTS)} <span>flat, any package and size</span>
            </p>
          </div>
          <ul className="luxe__list" role="list">
            {LUXE_FINISH_INCLUDES.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </section>

      <section id="ornament-guidance" className="section section--tint" aria-labelledby="ornament-guidance-title">
        <div className="container keep">
          <div>
            <p className="eyebrow">Ornament guidance</p>
            <h2 id="ornament-guidance-title">{label('ornament-guidance')}</h2>
            <p>
              With {listText(fullService)}, the tree, ornaments and décor we bring are ours: we style them for your season and collect them at removal. Fallen in love with them? Buy the tree and
              ornaments to keep.
            </p>
            <p>
              Keeping is available with {listText(fullService)}, with any package that has the Luxe Finish, and with {adorned?.title ?? 'our installation-only package'} when you add an ornament
              upgrade ({listText(ornamentUpgrades)}). If you keep the collection and skip the removal visit, we credit the removal: {formatCents(INCLUDED_REMOVAL_VALUE_CENTS)}
              {adorned?.removalAddOnCents != null && (
                <>
                  , or {formatCents(adorned.removalAddOnCents)} for {adorned.title}
                </>
              )}
              .
            </p>
          </div>
          <div className="keep__tables">
            <table className="price-table">
              <caption>Keep the tree and ornaments</caption>
              <thead>
                <tr>
                  <th scope="col">Tree height</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {TREE_SIZES.map((size) => (
                  <tr key={size}>
                    <th scope="row">
                      {TREE_SIZE_INFO[size].label} <span className="muted">({TREE_SIZE_INFO[size].ornaments})</span>
                    </th>
                    <td>{formatCents(KEEP_ORNAMENTS_CENTS[size])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="price-table">
              <caption>Extra luxe ornaments to keep</caption>
              <thead>
                <tr>
                  <th scope="col">Ornaments</th>
                  <th scope="col">Price</th>
                </tr>
              </thead>
              <tbody>
                {LUXE_KEEP_OPTIONS.filter((n) => n > 0).map((n) => (
                  <tr key={n}>
                    <th scope="row">+{n} designer luxe ornaments</th>
                    <td>{formatCents(LUXE_KEEP_CENTS[n])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <CtaBand id="services-cta-title" title="Ready to plan your tree?" text="Pick a package and size, choose your dates and pay a deposit online in a few minutes.">
        <LinkButtons
          links={[
            { to: paths.booking, label: 'Start Booking', className: 'button button--gold button--lg' },
            { to: paths.faq, label: 'View FAQ', className: 'button button--ghost-light button--lg' },
          ]}
        />
      </CtaBand>
    </>
  );
}
