/**
 * The one field of a form that asks only for an e-mail address (a renewal's check, the lost-link
 * form): labelled Email, with its problem sentence under it, announced, and tied to the input.
 */
export function EmailField({ id, value, onChange, disabled, problem }: { id: string; value: string; onChange: (value: string) => void; disabled: boolean; problem: string | null | undefined }) {
  const problemId = `${id}-problem`;
  return (
    <>
      <div className="field">
        <label htmlFor={id}>Email</label>
        <input
          id={id}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
      </div>
      {problem && (
        <p id={problemId} className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
