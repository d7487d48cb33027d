import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { BUSINESS } from '@domain/business';
import { INCLUDED_REMOVAL_VALUE_CENTS, KEEP_ORNAMENTS_CENTS, TREE_SIZES, TREE_SIZE_INFO } from '@domain/catalog';
import { DAMAGE_ITEMS, DAMAGE_ITEM_IDS, INCIDENTALS_CENTS, INCIDENTALS_INVENTORY_SHARE, TOTAL_LOSS_LUXE_CENTS } from '@domain/money/damages';
import { formatCents } from '@domain/money/cents';
import { POLICY_SENTENCES } from '@domain/booking/policy';
import { ARRIVAL_WINDOW_HOURS, BALANCE_PAYMENT_METHODS, INVENTORY_CHECK_HOURS } from '@domain/booking/policies';
import { paths } from '@/lib/paths';
import { useBusinessToday } from '@/lib/hydration';
import { usePageMeta } from '@/lib/page-meta';
import { POLICY_SECTIONS, sectionLabel, type PolicySectionId } from '@/lib/site-sections';
import { PageIntro } from '../components/page-intro';
import { useSeasonSale } from '@/lib/api/season-opening';
import { FREE_RADIUS, INCLUDED_REMOVAL_TITLES, PER_MILE, REMOVAL_ADD_ONS, VISIT_LENGTHS_TEXT, WORK_DAYS_TEXT, closingHoursText, listText, seasonWindows } from '../site-facts';
import '../site.css';
import './policies.css';

function PolicySection({ id, children }: { id: PolicySectionId; children: ReactNode }) {
  const number = POLICY_SECTIONS.findIndex((s) => s.id === id) + 1;
  return (
    <section id={id} className="policy" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <span className="policy__number" aria-hidden="true">
          {String(number).padStart(2, '0')}
        </span>
        {sectionLabel(POLICY_SECTIONS, id)}
      </h2>
      {children}
    </section>
  );
}

/** Policies (docs/product.md §2, §9): seven anchored sections whose numbers all come from domain/. */
export function PoliciesPage() {
  usePageMeta('Policies', `Deposits and payment, travel area, arrival window, scheduling and cancellations, lights, removal and ownership, incidentals and damages at ${BUSINESS.name}.`, {
    path: paths.policies,
  });
  // The owner's windows and closing hours once the server answered (the prerender has the usual pattern).
  const season = useSeasonSale().season;
  const windows = seasonWindows(useBusinessToday(), season);
  const largest = TREE_SIZES[TREE_SIZES.length - 1] ?? TREE_SIZES[0];
  return (
    <>
      <PageIntro eyebrow="Policies" title="Our policies" lead="Clear terms so your season goes smoothly. If anything here is unclear, please ask before you book." />
      <div className="container policies">
        <nav className="policies__toc" aria-label="Policy sections">
          <ol>
            {POLICY_SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.label}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="policies__body prose">
          <PolicySection id="payments">
            {/* The policy table's sentences (domain/booking/policy.ts): the same words as the wizard, the manage page and the e-mails. */}
            <p>{POLICY_SENTENCES.deposit}</p>
            <p>{POLICY_SENTENCES.refundWays}</p>
            <p>
              The balance is due on installation day, by {listText(BALANCE_PAYMENT_METHODS, 'or')}. Prices are set by package and tree height as listed on{' '}
              <Link to={`${paths.services}#packages`}>Services &amp; Pricing</Link>; upgrades, the Luxe Finish, keeping ornaments and any travel fee are added to the total before you pay the deposit.
            </p>
          </PolicySection>

          <PolicySection id="travel">
            <p>
              We serve homes within <strong>{FREE_RADIUS}</strong> of {BUSINESS.town}, Maryland at no travel charge. Beyond that radius a travel fee of <strong>{PER_MILE} per mile</strong> applies to
              the distance past {FREE_RADIUS}, measured from your address to the nearest tenth of a mile and shown before you pay.
            </p>
          </PolicySection>

          <PolicySection id="arrival">
            <p>
              Installations take place on {WORK_DAYS_TEXT}. Your time slot is when we begin; please allow an arrival window of <strong>{ARRIVAL_WINDOW_HOURS} flexible hour</strong> for traffic and the
              previous appointment.
            </p>
            <p>
              Visits take {VISIT_LENGTHS_TEXT}. We finish by {closingHoursText(season)}.
            </p>
          </PolicySection>

          <PolicySection id="scheduling">
            <p>
              This season, installations run {windows.install} and removals {windows.removal}. Dates are first come, first served; your deposit holds both of yours.
            </p>
            <p>{POLICY_SENTENCES.changes} Use the link in your confirmation e-mail.</p>
            <p>
              {POLICY_SENTENCES.afterWindow} Reach us at <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> or <a href={`tel:${BUSINESS.phoneE164}`}>{BUSINESS.phone}</a>.
            </p>
          </PolicySection>

          <PolicySection id="lights">
            <p>
              Lights are included with every package. We install our own tested light strands so the tree lights evenly; if you would like us to use your lights, please have them tested and ready, and
              tell us in your booking notes.
            </p>
            <p>
              Personal ornaments and heirlooms are handled with care and placed where they will be enjoyed. Fragile or irreplaceable pieces are hung at your own risk; we are happy to leave them for
              you to place. Please clear the area around the tree and keep pets secured during our visit.
            </p>
          </PolicySection>

          <PolicySection id="removal">
            <p>
              Scheduled removal, a {formatCents(INCLUDED_REMOVAL_VALUE_CENTS)} value, is included with {listText(INCLUDED_REMOVAL_TITLES)}.{' '}
              {REMOVAL_ADD_ONS.map((r) => `With ${r.title}, removal is available for ${r.price} and is automatically included with upgrades. `)}
            </p>
            <p>
              Trees, ornaments, lights and décor we supply remain ours and are collected at removal, unless you choose to <Link to={`${paths.services}#ornament-guidance`}>keep your collection</Link>,
              from {formatCents(KEEP_ORNAMENTS_CENTS[TREE_SIZES[0]])} for a {TREE_SIZE_INFO[TREE_SIZES[0]].label} tree.
            </p>
          </PolicySection>

          <PolicySection id="incidentals">
            <p>
              After takedown we check the inventory within <strong>{INVENTORY_CHECK_HOURS} hours</strong>. Items of ours that are missing or damaged beyond normal wear are charged to the card on file:
            </p>
            <table className="damage-table">
              <caption className="visually-hidden">Charges for missing or damaged items</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Charge</th>
                </tr>
              </thead>
              <tbody>
                {DAMAGE_ITEM_IDS.map((id) => (
                  <tr key={id}>
                    <th scope="row">
                      {DAMAGE_ITEMS[id].title} <span className="muted">({DAMAGE_ITEMS[id].examples})</span>
                    </th>
                    <td>{formatCents(DAMAGE_ITEMS[id].unitCents)} each</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              If more than {Math.round(INCIDENTALS_INVENTORY_SHARE * 100)}% of the inventory is lost or damaged, a flat <strong>{formatCents(INCIDENTALS_CENTS)} incidentals</strong> charge applies
              instead. A total loss is charged at the full inventory value: the keep price for your tree height (up to {formatCents(KEEP_ORNAMENTS_CENTS[largest])} for {TREE_SIZE_INFO[largest].label}
              ), plus {formatCents(TOTAL_LOSS_LUXE_CENTS)} with the Luxe Finish, plus any ornament upgrades.
            </p>
          </PolicySection>
        </div>
      </div>
    </>
  );
}
