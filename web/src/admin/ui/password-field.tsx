/** A labelled password input (id `id`), with an optional hint under it that the input points to. */
export function PasswordField({
  id,
  label,
  autoComplete,
  value,
  onChange,
  disabled,
  hint,
}: {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  hint?: string;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="password" autoComplete={autoComplete} value={value} disabled={disabled} aria-describedby={hint ? hintId : undefined} onChange={(e) => onChange(e.target.value)} />
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}
