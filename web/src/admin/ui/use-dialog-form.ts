import { useState } from 'react';

/**
 * The state of a form in a dialog: its fields (starting as `empty`), whether it is being sent, and
 * the sentence shown under it. `close` empties the fields and the sentence, then calls `onClose`.
 */
export function useDialogForm<T>(empty: T, onClose: () => void) {
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const close = () => {
    setForm(empty);
    setProblem('');
    onClose();
  };
  return { form, setForm, busy, setBusy, problem, setProblem, close };
}
