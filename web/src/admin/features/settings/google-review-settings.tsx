import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { settingValueProblem } from '@domain/admin/site-settings';
import { saveSetting } from '@/admin/core/mutations';
import type { SettingRow } from '@/admin/core/reads';
import { useSettingsSave } from './use-settings-save';

const urlOf = (row: SettingRow | undefined) => (typeof row?.value === 'string' ? row.value : '');

/**
 * The business's Google review page (settings key google_review_url, an https:// address or
 * empty; domain/admin/site-settings.ts): a customer who gives 5 stars is offered it on the review's
 * thank-you page. Checked with the server's own rule before it is sent.
 */
export function GoogleReviewSettings({ row, onSaved }: { row: SettingRow | undefined; onSaved: () => void }) {
  const [url, setUrl] = useState(urlOf(row));
  const { saving, save } = useSettingsSave(onSaved);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = url.trim();
    const problem = settingValueProblem('google_review_url', value);
    if (problem) {
      toast.error('Error', { description: problem });
      return;
    }
    await save(async () => {
      if (value !== urlOf(row)) await saveSetting('google_review_url', value, row?.id);
    });
  };

  return (
    <form className="card admin-settings-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="google-review-heading">
      <h3 id="google-review-heading">Google reviews</h3>
      <div className="field">
        <label htmlFor="google-review-url">Your Google review link</label>
        <input
          id="google-review-url"
          type="url"
          inputMode="url"
          placeholder="https://g.page/r/…/review"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-describedby="google-review-url-hint"
        />
        <p id="google-review-url-hint" className="hint">
          Customers who give 5 stars are offered it after their review. Leave it empty for none.
        </p>
      </div>
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
