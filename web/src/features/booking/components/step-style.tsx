import type { DesignPreferences } from '../wizard-state';
import { useWizard } from '../store';
import { InspirationUpload } from './inspiration-upload';

const PALETTES = ['traditional', 'elegant', 'modern', 'rustic', 'coastal', 'custom'];
const THEMES = ['classic', 'glamorous', 'minimalist', 'whimsical', 'natural', 'eclectic'];
const TOPPERS = ['star', 'bow', 'angel'];

const title = (v: string) => v.charAt(0).toUpperCase() + v.slice(1);

function OptionGroup({ name, legend, options, value, onChange }: { name: string; legend: string; options: string[]; value: string; onChange: (v: string) => void }) {
  return (
    <fieldset className="choice-group">
      <legend className="label">{legend}</legend>
      <div className="pill-row">
        {options.map((o) => (
          <label key={o} className={`pill${value === o ? ' is-selected' : ''}`}>
            <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} />
            {title(o)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Step 3: colour palette, theme, topper, special requests and inspiration images (docs/product.md §2). */
export function StepStyle() {
  const { design, apply } = useWizard();
  const set = (patch: Partial<DesignPreferences>) => apply((s) => ({ ...s, design: { ...s.design, ...patch } }));
  return (
    <div className="step">
      <h2>Style Preferences</h2>
      <OptionGroup name="palette" legend="Colour palette" options={PALETTES} value={design.colorPalette} onChange={(v) => set({ colorPalette: v })} />
      <OptionGroup name="theme" legend="Theme" options={THEMES} value={design.styleTheme} onChange={(v) => set({ styleTheme: v })} />
      <OptionGroup name="topper" legend="Topper" options={TOPPERS} value={design.topper} onChange={(v) => set({ topper: v })} />
      <div className="field">
        <label htmlFor="style-requests">Special requests for your design (optional)</label>
        <textarea id="style-requests" rows={4} maxLength={2000} value={design.specialRequests} onChange={(e) => set({ specialRequests: e.target.value })} />
      </div>
      <InspirationUpload />
    </div>
  );
}
