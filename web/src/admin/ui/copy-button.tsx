import { useEffect, useRef, useState } from 'react';

/**
 * A Copy button for a value the admin must keep (the generated password, shown once): puts
 * `text` on the clipboard and says 'Copied' for a few seconds (announced to screen readers).
 * Where the clipboard is not available (an insecure origin, a refused permission), it selects
 * the text in the element just before the button so it can be copied by hand, and says so.
 */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'select'>('idle');
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);

  const selectByHand = () => {
    const target = button.current?.previousElementSibling;
    const selection = window.getSelection();
    if (target && selection) {
      const range = document.createRange();
      range.selectNodeContents(target);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    setState('select');
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      selectByHand();
    }
  };

  return (
    <>
      <button ref={button} type="button" className="button" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : label}
      </button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard' : state === 'select' ? 'Selected: copy it with your device’s Copy command' : ''}
      </span>
      {state === 'select' && <span className="muted"> Selected: copy it with your device’s Copy command.</span>}
    </>
  );
}
