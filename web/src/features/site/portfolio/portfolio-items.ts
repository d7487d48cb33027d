/**
 * The six example trees of the Portfolio page (docs/product.md §2 Portfolio). Packages and upgrades
 * are catalogue ids, so their names come from domain/catalog; the pictures are the
 * illustrations made by scripts/images/make-images.mjs under the same names.
 */
import type { AddonId, PackageSlug, TreeSize } from '@domain/catalog';
import type { ImageName } from '../components/picture';

export interface PortfolioItem {
  image: ImageName;
  title: string;
  packageSlug: PackageSlug;
  treeSize: TreeSize;
  luxeFinish: boolean;
  upgrades: AddonId[];
  /** One of the wizard's colour palettes, with the colours used: each colour's name and its hex, in the order shown. */
  palette: { name: string; swatches: Readonly<Record<string, string>> };
  /** One of the wizard's style themes. */
  theme: string;
  description: string;
  alt: string;
}

export const PORTFOLIO_ITEMS: readonly PortfolioItem[] = [
  {
    image: 'heirloom-traditional',
    title: 'Heirloom Traditional',
    packageSlug: 'curated-christmas',
    treeSize: '7.5-9ft',
    luxeFinish: false,
    upgrades: ['luxe-ornament-boost', 'gift-wrap'],
    palette: { name: 'Traditional', swatches: { Crimson: '#b3202a', 'Antique gold': '#d4a640', Cream: '#efe3c8', Evergreen: '#2f5d3c' } },
    theme: 'Classic',
    description:
      'A family room classic: crimson and antique-gold glass, a striped velvet ribbon spiralling to a gold star, and a deep red skirt. Wrapped gifts finish the scene for the holiday photos.',
    alt: 'Tree in crimson, gold and cream ornaments with a striped red ribbon, a gold star and a red skirt',
  },
  {
    image: 'champagne-glow',
    title: 'Champagne Glow',
    packageSlug: 'elevated-arbor',
    treeSize: '10-12ft',
    luxeFinish: true,
    upgrades: [],
    palette: { name: 'Elegant', swatches: { Champagne: '#e6cfa0', Ivory: '#fbf4e6', Gilt: '#c9a25a', Blush: '#e9c6b8' } },
    theme: 'Glamorous',
    description:
      'A twelve-foot statement for a two-storey foyer: champagne satin ribbon, ivory and blush glass, a generous bow topper and a gilded collar, with the Luxe Finish gift-wrap suite beneath.',
    alt: 'Very tall tree in champagne, ivory and blush ornaments with satin ribbon, a bow topper and a gold collar',
  },
  {
    image: 'nordic-minimal',
    title: 'Nordic Minimal',
    packageSlug: 'adorned-arrangement',
    treeSize: '5-7ft',
    luxeFinish: false,
    upgrades: ['luxe-topper', 'luxe-base'],
    palette: { name: 'Modern', swatches: { Snow: '#f5f5f2', Silver: '#c9ccd1', Ink: '#2b2b2b', 'Frost blue': '#9fb1c1' } },
    theme: 'Minimalist',
    description:
      "The client's own tree and ornaments, edited down and restyled: silver bead garland, matte black accents, a slim silver finial and a white ceramic collar for a calm, gallery-like corner.",
    alt: 'Small tree in white, silver and black ornaments with bead garland, a silver finial and a white collar',
  },
  {
    image: 'farmhouse-hearth',
    title: 'Farmhouse Hearth',
    packageSlug: 'elevated-arbor',
    treeSize: '7.5-9ft',
    luxeFinish: false,
    upgrades: ['ornament-boost', 'stockings', 'stocking-holders'],
    palette: { name: 'Rustic', swatches: { Burgundy: '#7a1f2b', Oat: '#efe3cc', Copper: '#a5623a', Sage: '#5c6b4a' } },
    theme: 'Natural',
    description: 'Burlap ribbon with a burgundy stitch, copper and oat ornaments and a woven basket base against shiplap walls. Matching stockings hang from weighted holders on the mantel.',
    alt: 'Tree in burgundy, oat and copper ornaments with burlap ribbon and a woven basket base',
  },
  {
    image: 'chesapeake-coastal',
    title: 'Chesapeake Coastal',
    packageSlug: 'curated-christmas',
    treeSize: '7.5-9ft',
    luxeFinish: false,
    upgrades: ['monogram-charms'],
    palette: { name: 'Coastal', swatches: { Navy: '#1f3a5f', 'Sea glass': '#8fc1b5', Sand: '#d8c3a0', 'Shell white': '#fbfbf8' } },
    theme: 'Whimsical',
    description: 'Bay-inspired blues and sea glass with pearl bead garland, starfish accents and a sandy starfish topper. Monogram charms spell out the family name among the branches.',
    alt: 'Tree in navy, sea-glass and sand ornaments with pearl garland and a starfish topper',
  },
  {
    image: 'candy-cane-lane',
    title: 'Candy Cane Lane',
    packageSlug: 'adorned-arrangement',
    treeSize: '7.5-9ft',
    luxeFinish: true,
    upgrades: [],
    palette: { name: 'Custom', swatches: { 'Peppermint pink': '#e26d8f', Teal: '#1e8a8a', Mustard: '#e0a526', Cherry: '#c8342d' } },
    theme: 'Eclectic',
    description: "A joyful mix for a playroom: the family's collected ornaments plus a Luxe Finish of designer pieces, gold bead garland, bunting on the wall and a cherry-red skirt piled with gifts.",
    alt: 'Tree in pink, teal, mustard and red ornaments with gold beads, a gold star and a red skirt, bunting on a green wall',
  },
];
