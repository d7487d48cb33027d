/**
 * The business's public details: one home for the name, town, contact and base location used by
 * the header, footer, structured data, e-mails and the distance lookup (docs/product.md §2 Footer, §9 Travel).
 */
export const BUSINESS = {
  name: 'Thoughtfully Adorned',
  tagline: 'Your holidays at home, thoughtfully adorned.',
  town: 'Ellicott City',
  state: 'MD',
  /** The base ZIP code the travel distance is measured from. */
  baseZip: '21043',
  email: 'hello@thoughtfullyadorned.com',
  phone: '(410) 555-0142',
  /** E.164 form for tel: links. */
  phoneE164: '+14105550142',
  social: { label: 'Instagram', url: 'https://www.instagram.com/thoughtfullyadorned' },
  /** America/New_York: every `YYYY-MM-DD` date of the product is a date in this zone. */
  timeZone: 'America/New_York',
} as const;
