import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { BUSINESS } from '@domain/business';
import { LUXE_FINISH_CENTS, LUXE_FINISH_INCLUDES, PACKAGES } from '@domain/catalog';
import { formatCents } from '@domain/money/cents';
import { ARRIVAL_WINDOW_HOURS } from '@domain/booking/policies';
import { paths } from '@/lib/paths';
import { useBusinessToday } from '@/lib/hydration';
import { Picture } from '../components/picture';
import { PORTFOLIO_ITEMS } from '../portfolio/portfolio-items';
import { FREE_RADIUS, PER_MILE, packageFromPrice, seasonWindows } from '../site-facts';
import { SectionHead } from '@/components/ui/section-head';
import { LinkButtons } from '@/components/ui/link-buttons';
import { useSeasonSale } from '@/lib/api/season-opening';

/**
 * Home's sections below the hero (docs/product.md §2 Home): package chooser, Luxe Finish,
 * process, portfolio, `reviews` (the featured reviews, composed by the route) and service area.
 * Loaded by home-page.tsx after the page's first script; their stylesheets come with it.
 */
export function HomeSections({ reviews }: { reviews?: ReactNode }) {
  return (
    <>
      <PackageChooser />
      <LuxeBanner />
      <Process />
      <PortfolioTeaser />
      {reviews}
      <ServiceArea />
    </>
  );
}

function PackageChooser() {
  return (
    <section className="section" aria-labelledby="choose-title">
      <div className="container">
        <SectionHead
          eyebrow="Choose your package"
          id="choose-title"
          title="Three ways to a beautifully dressed tree"
          lead="Bring your own tree and treasures, let us shop a collection for you, or leave everything to us."
        />
        <ul className="grid grid--3 chooser" role="list">
          {PACKAGES.map((p) => (
            <li key={p.slug} className={`card chooser__card${p.featured ? ' chooser__card--featured' : ''}`}>
              {p.featured && <p className="pill pill--gold chooser__badge">Most Popular</p>}
              <h3>{p.title}</h3>
              <p className="chooser__price">
                <span>from</span> {packageFromPrice(p)}
              </p>
              <p>{p.description}</p>
              <Link to={`${paths.booking}?package=${p.slug}`} className={`button${p.featured ? ' button--primary' : ''} chooser__cta`}>
                Choose {p.title}
              </Link>
            </li>
          ))}
        </ul>
        <p className="chooser__more">
          <Link to={`${paths.services}#packages`} className="text-link">
            Compare packages and prices by tree size
          </Link>
        </p>
      </div>
    </section>
  );
}

function LuxeBanner() {
  return (
    <section className="section section--green luxe-banner" aria-labelledby="luxe-title">
      <div className="container luxe-banner__grid">
        <div>
          <p className="eyebrow">For a show-stopping tree</p>
          <h2 id="luxe-title">A Luxe Finish</h2>
          <p className="lead">One flat {formatCents(LUXE_FINISH_CENTS)} addition that dresses the whole scene around your tree, not just its branches.</p>
          <Link to={`${paths.services}#luxe-finish`} className="button button--gold button--lg">
            Explore the Luxe Finish
          </Link>
        </div>
        <ul className="luxe-banner__list" role="list">
          {LUXE_FINISH_INCLUDES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Process() {
  // The owner's windows and, before the "Public booking opens" date, the season's opening,
  // once the server answered (the prerender has the usual pattern).
  const { opening, season } = useSeasonSale();
  const windows = seasonWindows(useBusinessToday(), season);
  const steps = [
    {
      title: 'Palette & Plan',
      text: 'Choose your package, tree size, colour palette, theme and topper online, or talk it through in a free consultation.',
    },
    {
      title: 'Shop & Install',
      text: `We shop your collection and arrive within a ${ARRIVAL_WINDOW_HOURS}-hour window to dress the tree, lights and all (installs ${windows.install}).`,
    },
    {
      title: 'Enjoy the Season',
      text: 'No boxes, no ladders, no tangled lights: just evenings by a tree styled for your home.',
    },
    {
      title: 'Scheduled Removal',
      text: `Between ${windows.removal} we return on your chosen date, take everything down and leave the room as we found it.`,
    },
  ];
  return (
    <section className="section section--white" aria-labelledby="process-title">
      <div className="container">
        <SectionHead eyebrow="How it works" id="process-title" title="From first idea to final ornament" />
        {opening && (
          <p className="notice" role="status">
            {opening}
          </p>
        )}
        <ol className="steps" role="list">
          {steps.map((step, i) => (
            <li key={step.title} className="steps__item">
              <span className="steps__number" aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function PortfolioTeaser() {
  return (
    <section className="section" aria-labelledby="teaser-title">
      <div className="container">
        <div className="teaser__head">
          <SectionHead start eyebrow="Portfolio" id="teaser-title" title="Trees we have dressed" lead="Every tree starts with a palette and a theme. Here are a few favourites." />
          <Link to={paths.portfolio} className="button">
            View the Portfolio
          </Link>
        </div>
        <ul className="grid grid--3 teaser" role="list">
          {PORTFOLIO_ITEMS.slice(0, 3).map((item) => (
            <li key={item.image}>
              <Link to={paths.portfolio} className="teaser__card">
                <Picture image={item.image} alt="" sizes="(min-width: 1000px) 340px, (min-width: 640px) 45vw, 88vw" className="teaser__picture" />
                <span className="teaser__title">{item.title}</span>
                <span className="teaser__meta">
                  {item.palette.name} palette · {item.theme} theme
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ServiceArea() {
  return (
    <section className="section section--tint" aria-labelledby="area-title">
      <div className="container area">
        <svg className="area__map" viewBox="0 0 200 200" aria-hidden="true" focusable="false">
          <circle cx="100" cy="100" r="92" fill="#fff" stroke="#b08d57" strokeWidth="2" strokeDasharray="6 6" />
          <circle cx="100" cy="100" r="60" fill="#e6efe8" />
          <circle cx="100" cy="100" r="28" fill="#cfe0d3" />
          <path d="M100 62c-14 0-24 10-24 23 0 17 24 41 24 41s24-24 24-41c0-13-10-23-24-23z" fill="#1f3d2b" />
          <circle cx="100" cy="85" r="8" fill="#f1e3c8" />
        </svg>
        <div>
          <p className="eyebrow">Service area</p>
          <h2 id="area-title">
            Serving homes within {FREE_RADIUS} of {BUSINESS.town}
          </h2>
          <p className="lead">
            Travel is free within {FREE_RADIUS} of {BUSINESS.town}. Farther afield, we add {PER_MILE} per mile beyond that, calculated from your address as you book.
          </p>
          <LinkButtons
            className="button-row button-row--start"
            links={[
              { to: paths.booking, label: 'Book Your Service', className: 'button button--primary' },
              { to: paths.services, label: 'See Services & Pricing', className: 'button' },
            ]}
          />
        </div>
      </div>
    </section>
  );
}
