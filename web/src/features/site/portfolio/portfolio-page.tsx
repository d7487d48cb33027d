import { useState } from 'react';
import { BookOrConsult } from '../components/book-or-consult';
import { findPackage } from '@domain/catalog';
import { paths } from '@/lib/paths';
import { usePageMeta } from '@/lib/page-meta';
import { PageIntro } from '../components/page-intro';
import { Picture } from '../components/picture';
import { PortfolioDialog } from './portfolio-dialog';
import { PORTFOLIO_ITEMS, type PortfolioItem } from './portfolio-items';
import '../site.css';
import './portfolio.css';

/** Portfolio (docs/product.md §2): six example trees; each opens a detail dialog. */
export function PortfolioPage() {
  usePageMeta('Portfolio', 'Christmas trees we have designed and installed in Maryland homes: traditional, elegant, modern, rustic, coastal and eclectic palettes.', { path: paths.portfolio });
  const [selected, setSelected] = useState<PortfolioItem | null>(null);
  return (
    <>
      <PageIntro
        eyebrow="Portfolio"
        title="Trees we have dressed"
        lead="Six favourites from recent seasons, from a cosy traditional tree to a twelve-foot foyer statement. Select a tree for its palette, theme and the package behind it."
      />
      <section className="section" aria-label="Example trees">
        <div className="container">
          <ul className="portfolio-grid" role="list">
            {PORTFOLIO_ITEMS.map((item, i) => (
              <li key={item.image}>
                <button type="button" className="portfolio-card" aria-haspopup="dialog" onClick={() => setSelected(item)}>
                  <Picture image={item.image} alt="" className="portfolio-card__picture" sizes="(min-width: 1000px) 340px, (min-width: 640px) 45vw, 90vw" priority={i === 0} />
                  <span className="portfolio-card__text">
                    <span className="portfolio-card__title">{item.title}</span>
                    <span className="portfolio-card__meta">
                      {findPackage(item.packageSlug)?.title} · {item.palette.name} palette
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div className="cta-band portfolio-cta">
            <h2>Imagine your tree here</h2>
            <p>Tell us your palette and theme as you book, or talk it through at a free consultation.</p>
            <BookOrConsult />
          </div>
        </div>
      </section>
      <PortfolioDialog item={selected} onClose={() => setSelected(null)} />
    </>
  );
}
