import type { ReactNode } from 'react';

/** A form's problem sentence, announced when it appears; nothing while there is none. */
export function FormProblem({ problem, children }: { problem: string | null; children?: ReactNode }) {
  if (!problem) return null;
  return (
    <p className="admin-error" role="alert">
      {problem}
      {children}
    </p>
  );
}
