import { Link } from '@/lib/router';

/** One link of a LinkButtons row: where it goes, its words, and its button classes. */
export interface LinkButton {
  to: string;
  label: string;
  className: string;
}

/** A row of in-app links styled as buttons (a page's calls to action), in the order given. */
export function LinkButtons({ links, className = 'button-row' }: { links: LinkButton[]; className?: string }) {
  return (
    <div className={className}>
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={link.className}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
