import type { ReactNode } from 'react';

/**
 * A page's closing call to action: a dark band with its h2 (`id` labels the section), a
 * sentence, and the buttons (`children`).
 */
export function CtaBand({ id, title, text, children }: { id: string; title: ReactNode; text: ReactNode; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="container">
        <div className="cta-band">
          <h2 id={id}>{title}</h2>
          <p>{text}</p>
          {children}
        </div>
      </div>
    </section>
  );
}
