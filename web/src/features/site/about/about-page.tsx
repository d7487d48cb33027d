import { BookOrConsult } from '../components/book-or-consult';
import { BUSINESS } from '@domain/business';
import { paths } from '@/lib/paths';
import { usePageMeta } from '@/lib/page-meta';
import { PageIntro } from '../components/page-intro';
import { Picture } from '../components/picture';
import { FREE_RADIUS, PER_MILE } from '../site-facts';
import '../site.css';
import './about.css';
import { SectionHead } from '@/components/ui/section-head';
import { CtaBand } from '../components/cta-band';

const VALUES = [
  {
    title: 'Designed for your home',
    text: 'Every tree starts with your room, your palette and your story, not a template. Heirlooms are placed where they will be seen.',
  },
  {
    title: 'Careful in your space',
    text: 'We work on drop cloths, handle your pieces as if they were ours, and leave the room tidier than we found it.',
  },
  {
    title: 'Ease all season',
    text: 'Lights, topper and base come with every package, and a scheduled removal means no January boxes for you.',
  },
];

/** About (docs/product.md §2 About): who we are, how we work, where we serve. */
export function AboutPage() {
  usePageMeta('About Us', `${BUSINESS.name} is a small Christmas tree decorating studio in ${BUSINESS.town}, Maryland, designing, installing and removing holiday trees in local homes.`, {
    path: paths.about,
  });
  return (
    <>
      <PageIntro
        eyebrow="About us"
        title="A small studio with a love for the season"
        lead={`${BUSINESS.name} designs, installs and removes Christmas trees for homes in and around ${BUSINESS.town}, Maryland.`}
      />
      <section className="section" aria-labelledby="story-title">
        <div className="container about-story">
          <Picture
            image="about"
            alt="Illustration of three glass ornaments, red, gold and ivory, hanging from a pine bough among warm lights"
            sizes="(min-width: 860px) 440px, 88vw"
            className="figure-frame about-story__art"
          />
          <div className="prose">
            <h2 id="story-title">Why we do this</h2>
            <p>
              The tree is the heart of a holiday home, and getting it right takes more than an afternoon: planning a palette, finding ornaments that belong together, untangling lights, and then, in
              January, carefully packing it all away again.
            </p>
            <p>
              We started {BUSINESS.name} to take all of that off our neighbours' hands. We listen to how you live and celebrate, shop or edit the collection, dress the tree in your home, and come back
              after the season to take it down.
            </p>
            <p>Some clients hand us their grandmother's ornaments; others want a completely new look every year. Both are our favourite kind of project.</p>
          </div>
        </div>
      </section>
      <section className="section section--white" aria-labelledby="values-title">
        <div className="container">
          <SectionHead eyebrow="How we work" id="values-title" title="What you can count on" />
          <ul className="grid grid--3 values" role="list">
            {VALUES.map((v) => (
              <li key={v.title} className="card card--soft">
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <CtaBand
        id="where-title"
        title={<>Based in {BUSINESS.town}, serving nearby homes</>}
        text={
          <>
            Travel within {FREE_RADIUS} of {BUSINESS.town} is free; beyond that we add {PER_MILE} per mile. Not sure which package suits your home? Book a free consultation.
          </>
        }
      >
        <BookOrConsult />
      </CtaBand>
    </>
  );
}
