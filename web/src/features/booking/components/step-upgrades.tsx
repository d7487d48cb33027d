import { ADDONS, ADDON_IDS, EXTRA_TREE_CENTS, KEEP_ORNAMENTS_CENTS, LUXE_FINISH_CENTS, LUXE_FINISH_INCLUDES, LUXE_KEEP_CENTS, LUXE_KEEP_OPTIONS, findPackage } from '@domain/catalog';
import { formatCents } from '@domain/money/cents';
import { keepOrnamentsEligible, upgradeIncludesRemoval } from '@domain/money/pricing';
import { useWizard } from '../store';
import { removalOptional, setAddonQuantity, setKeepOrnaments, setLuxeFinish, setRemovalRequested, toggleAddon } from '../wizard-changes';

/** Step 2: Luxe Finish, à-la-carte add-ons, removal option, extra tree and keep-ornaments (docs/product.md §3, §4, §9). */
export function StepUpgrades() {
  const s = useWizard();
  const pkg = findPackage(s.packageSlug);
  const keepAllowed = !!s.packageSlug && keepOrnamentsEligible(s.packageSlug, s.addons, s.luxeFinish);
  return (
    <div className="step">
      <h2>Upgrades</h2>
      <label className={`toggle-card${s.luxeFinish ? ' is-selected' : ''}`}>
        <input type="checkbox" checked={s.luxeFinish} onChange={(e) => s.apply((st) => setLuxeFinish(st, e.target.checked))} />
        <span className="toggle-card__title">
          Luxe Finish <span className="price">+{formatCents(LUXE_FINISH_CENTS)}</span>
        </span>
        <span className="toggle-card__text">Includes {LUXE_FINISH_INCLUDES.join(', ').toLowerCase()}.</span>
      </label>

      <fieldset className="choice-group">
        <legend className="label">À-la-carte add-ons</legend>
        <div className="choice-grid choice-grid--2">
          {ADDON_IDS.map((id) => {
            const a = ADDONS[id];
            const chosen = s.addons[id] !== undefined;
            const included = s.luxeFinish && a.clearedByLuxe;
            const unit = a.unit === 'letter' ? ' per letter' : a.unit === 'each' ? ' each' : '';
            return (
              <div key={id} className={`toggle-card${chosen ? ' is-selected' : ''}${included ? ' is-disabled' : ''}`}>
                <label>
                  <input type="checkbox" checked={chosen} disabled={included} onChange={() => s.apply((st) => toggleAddon(st, id, a.unit === 'letter' ? 4 : 1))} />
                  <span className="toggle-card__title">
                    {a.title}{' '}
                    <span className="price">
                      {formatCents(a.unitCents)}
                      {unit}
                    </span>
                  </span>
                  <span className="toggle-card__text">{included ? 'Included in your Luxe Finish.' : a.description}</span>
                </label>
                {chosen && a.unit !== 'flat' && (
                  <label className="quantity">
                    {a.unit === 'letter' ? 'Letters' : 'Quantity'}
                    <input type="number" min={1} max={50} step={1} value={s.addons[id]} onChange={(e) => s.apply((st) => setAddonQuantity(st, id, Number(e.target.value)))} />
                  </label>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>

      {pkg && !pkg.includesRemoval && !s.keepOrnaments && (
        <label className={`toggle-card${s.removalRequested ? ' is-selected' : ''}`}>
          <input type="checkbox" checked={s.removalRequested} onChange={(e) => s.apply((st) => setRemovalRequested(st, e.target.checked))} />
          <span className="toggle-card__title">
            {/* An upgrade that includes removal makes it free: say so rather than show a price not charged. */}
            Removal service <span className="price">{upgradeIncludesRemoval(s.addons, s.luxeFinish) ? 'Included' : `+${formatCents(pkg.removalAddOnCents ?? 0)}`}</span>
          </span>
          <span className="toggle-card__text">We take everything down after the holidays. Included at no charge with upgrades.</span>
        </label>
      )}

      <label className={`toggle-card${s.extraTree ? ' is-selected' : ''}`}>
        <input type="checkbox" checked={s.extraTree} onChange={(e) => s.apply((st) => ({ ...st, extraTree: e.target.checked }))} />
        <span className="toggle-card__title">
          Extra tree <span className="price">+{formatCents(EXTRA_TREE_CENTS)}</span>
        </span>
        <span className="toggle-card__text">A second tree decorated to match (removal of it adds {formatCents(50000)} when removal applies).</span>
      </label>

      <div className={`toggle-card${s.keepOrnaments ? ' is-selected' : ''}${keepAllowed ? '' : ' is-disabled'}`}>
        <label>
          <input type="checkbox" checked={s.keepOrnaments} disabled={!keepAllowed} onChange={(e) => s.apply((st) => setKeepOrnaments(st, e.target.checked))} />
          <span className="toggle-card__title">Keep your tree and ornaments{s.treeSize && <span className="price">+{formatCents(KEEP_ORNAMENTS_CENTS[s.treeSize])}</span>}</span>
          <span className="toggle-card__text">
            {keepAllowed
              ? 'Buy the decorations to keep. Removal becomes optional, with a credit if you decline it.'
              : 'Available with Elevated Arbor, Curated Christmas, the Luxe Finish, or an ornament upgrade.'}
          </span>
        </label>
        {s.keepOrnaments && (
          <label className="quantity">
            Luxe extra ornaments
            <select value={s.luxeKeepOrnaments} onChange={(e) => s.apply((st) => ({ ...st, luxeKeepOrnaments: Number(e.target.value) as 0 | 50 | 75 }))}>
              {LUXE_KEEP_OPTIONS.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? 'None' : `+${n} for ${formatCents(LUXE_KEEP_CENTS[n])}`}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>

      {s.keepOrnaments && removalOptional(s) && (
        <label className={`toggle-card${s.removalRequested ? ' is-selected' : ''}`}>
          <input type="checkbox" checked={s.removalRequested} onChange={(e) => s.apply((st) => setRemovalRequested(st, e.target.checked))} />
          <span className="toggle-card__title">Schedule a removal visit anyway</span>
          <span className="toggle-card__text">Untick to take the removal credit and handle takedown yourself.</span>
        </label>
      )}
    </div>
  );
}
