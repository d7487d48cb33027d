import { lazy, Suspense, type ReactNode } from 'react';
import { BUSINESS } from '@domain/business';
import { paths } from '@/lib/paths';
import { usePageMeta } from '@/lib/page-meta';
import { onDemand } from '@/lib/on-demand';
import { Picture } from '../components/picture';
// Every stylesheet of the page, the sections' too: the prerender inlines only those of the
// page's first script (scripts/build/prerender.mjs), and the sections are painted before
// their script arrives.
import '../site.css';
import './home.css';
import '@/components/ui/section-head.css';
import { LinkButtons } from '@/components/ui/link-buttons';

/**
 * The sections below the hero, a chunk of their own (docs/architecture.md "What a page loads"):
 * its loading starts as this module loads, so it comes in parallel with hydration and React
 * hydrates them when it has come (their prerendered markup stays, and their links are plain
 * links, until then). They carry the catalogue, the policies, the season's windows and the
 * portfolio's items, which the hero does not need.
 */
const sections = onDemand(() => import('./home-sections'));
// A failure here is shown when the sections render, which try once more.
sections.load().catch(() => undefined);
const HomeSections = lazy(() => sections.load().then((m) => ({ default: m.HomeSections })));

const DESCRIPTION = `Christmas tree decorating, installation and removal for homes around ${BUSINESS.town}, Maryland. Choose a package, book your dates online and simply enjoy the season.`;

/**
 * Home (docs/product.md §2 Home): hero, package chooser, Luxe Finish, process, portfolio, reviews,
 * service area. `reviews` is the featured reviews section, composed by the route because it
 * belongs to the reviews feature.
 */
export function HomePage({ reviews }: { reviews?: ReactNode }) {
  usePageMeta('', DESCRIPTION, { path: paths.home });
  return (
    <>
      <Hero />
      <Suspense fallback={null}>
        <HomeSections reviews={reviews} />
      </Suspense>
    </>
  );
}

function Hero() {
  // "Your holidays at home, thoughtfully adorned." → the second half is set in gold italics.
  const [start, accent] = BUSINESS.tagline.replace(/\.$/, '').split(', ');
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">Christmas tree decorating · {BUSINESS.town}, MD</p>
          <h1 id="hero-title">
            {start},<br /> <em>{accent}.</em>
          </h1>
          <p className="lead">We plan the palette, shop the ornaments, dress the tree in your home and take it all down after the holidays, so the only thing left for you is to enjoy it.</p>
          <ul className="check-list hero__bullets">
            <li>Lights included</li>
            <li>Removal service available</li>
            <li>Standard topper &amp; base included</li>
          </ul>
          <LinkButtons
            className="button-row button-row--start"
            links={[
              { to: paths.booking, label: 'Book Your Service', className: 'button button--primary button--lg' },
              { to: paths.consultation, label: 'Request A Consultation', className: 'button button--lg' },
            ]}
          />
        </div>
        <div className="hero__art">
          <Picture
            image="hero"
            priority
            className="figure-frame"
            alt="Illustration of a tall Christmas tree in ivory, gold and deep red ornaments with a gold star, beside a snowy window"
            sizes="(min-width: 1000px) 460px, (min-width: 640px) 50vw, 88vw"
          />
        </div>
      </div>
    </section>
  );
}
