/**
 * The catalogue: packages, tree sizes, add-ons and the fixed prices of docs/product.md §3 and §9, in
 * integer cents. Every price shown or charged anywhere comes from here.
 */
import { dollars } from './money/cents';
import { isOneOf } from './one-of';

export const TREE_SIZES = ['5-7ft', '7.5-9ft', '10-12ft'] as const;
/** A tree height tier as written in booking payloads and stored bookings (docs/product.md §3). */
export type TreeSize = (typeof TREE_SIZES)[number];

export interface TreeSizeInfo {
  id: TreeSize;
  tier: 'small' | 'medium' | 'large';
  /** Display label with an en dash, e.g. "7.5–9 ft". */
  label: string;
  ornaments: string;
  /** Length of an install (and removal) visit in hours (docs/product.md §9 Schedule). */
  visitHours: number;
}

export const TREE_SIZE_INFO: Record<TreeSize, TreeSizeInfo> = {
  '5-7ft': { id: '5-7ft', tier: 'small', label: '5–7 ft', ornaments: '50–100 ornaments', visitHours: 3 },
  '7.5-9ft': { id: '7.5-9ft', tier: 'medium', label: '7.5–9 ft', ornaments: '100–250 ornaments', visitHours: 6 },
  '10-12ft': { id: '10-12ft', tier: 'large', label: '10–12 ft', ornaments: '250–500 ornaments', visitHours: 9 },
};

export const PACKAGE_SLUGS = ['adorned-arrangement', 'elevated-arbor', 'curated-christmas'] as const;
export type PackageSlug = (typeof PACKAGE_SLUGS)[number];

export interface PackageInfo {
  slug: PackageSlug;
  title: string;
  /** Name used for this package in old records (docs/product.md §1). */
  legacyName: string;
  description: string;
  features: string[];
  pricesCents: Record<TreeSize, number>;
  featured: boolean;
  /** Removal is part of the price ($150 value). */
  includesRemoval: boolean;
  /** Price of optional removal where it is an add-on. */
  removalAddOnCents?: number;
}

/** Value of the scheduled removal included in the full-service packages (docs/product.md §9). */
export const INCLUDED_REMOVAL_VALUE_CENTS = dollars(150);

export const PACKAGES: readonly PackageInfo[] = [
  {
    slug: 'adorned-arrangement',
    title: 'Adorned Arrangement',
    legacyName: 'designer',
    description: 'We style your own tree with your own ornaments, lights and treasured pieces.',
    features: ['Installation on your tree with your ornaments', 'Lights included', 'Standard topper and base styling', 'Removal available as an add-on'],
    pricesCents: { '5-7ft': dollars(300), '7.5-9ft': dollars(600), '10-12ft': dollars(900) },
    featured: false,
    includesRemoval: false,
    removalAddOnCents: dollars(85),
  },
  {
    slug: 'elevated-arbor',
    title: 'Elevated Arbor',
    legacyName: 'premium',
    description: 'We shop a curated ornament collection for your palette and install it on your tree.',
    features: ['Ornament shopping to your palette and theme', 'Installation on your tree', 'Lights, standard topper and base included', 'Scheduled removal included'],
    pricesCents: { '5-7ft': dollars(900), '7.5-9ft': dollars(1650), '10-12ft': dollars(2400) },
    featured: true,
    includesRemoval: true,
  },
  {
    slug: 'curated-christmas',
    title: 'Curated Christmas',
    legacyName: 'luxury',
    description: 'The complete package: the tree, the ornaments, the shopping and the installation.',
    features: ['A fresh-look tree sourced for your space', 'Curated ornaments, lights, topper and base', 'Full installation and styling', 'Scheduled removal included'],
    pricesCents: { '5-7ft': dollars(1000), '7.5-9ft': dollars(1850), '10-12ft': dollars(2700) },
    featured: false,
    includesRemoval: true,
  },
];

/**
 * Finds a package by slug, legacy name (designer, premium, luxury) or display title.
 * Returns undefined for anything else.
 */
export function findPackage(idOrName: string | null | undefined): PackageInfo | undefined {
  if (!idOrName) return undefined;
  const key = idOrName.trim().toLowerCase();
  return PACKAGES.find((p) => p.slug === key || p.legacyName === key || p.title.toLowerCase() === key);
}

/** Whether `value` is one of the packages' slugs (e.g. from `/booking?package=`). */
export function isPackageSlug(value: unknown): value is PackageSlug {
  return isOneOf(PACKAGE_SLUGS, value);
}

export function isTreeSize(value: unknown): value is TreeSize {
  return isOneOf(TREE_SIZES, value);
}

export const ADDON_IDS = ['ornament-boost', 'luxe-ornament-boost', 'monogram-charms', 'luxe-topper', 'luxe-base', 'gift-wrap', 'tree-stylings', 'stockings', 'stocking-holders'] as const;
export type AddonId = (typeof ADDON_IDS)[number];

export interface AddonInfo {
  id: AddonId;
  title: string;
  description: string;
  /** Price of one unit in cents. */
  unitCents: number;
  /** 'flat' is one unit; 'letter' and 'each' take a quantity (docs/product.md §9). */
  unit: 'flat' | 'letter' | 'each';
  /** Cleared by (and included in) the Luxe Finish (docs/product.md §4). */
  clearedByLuxe: boolean;
  /** An ornament upgrade: makes keep-ornaments available for Adorned Arrangement. */
  ornamentUpgrade: boolean;
}

export const ADDONS: Record<AddonId, AddonInfo> = {
  'ornament-boost': {
    id: 'ornament-boost',
    title: 'Ornament Boost (25-pack)',
    description: '25 extra ornaments chosen to match your palette.',
    unitCents: dollars(100),
    unit: 'flat',
    clearedByLuxe: true,
    ornamentUpgrade: true,
  },
  'luxe-ornament-boost': {
    id: 'luxe-ornament-boost',
    title: 'Luxe Ornaments Boost (25-pack)',
    description: '25 designer luxe ornaments for extra sparkle.',
    unitCents: dollars(250),
    unit: 'flat',
    clearedByLuxe: true,
    ornamentUpgrade: true,
  },
  'monogram-charms': {
    id: 'monogram-charms',
    title: 'Monogram Letter Charms',
    description: 'Personalised letter charms, priced per letter.',
    unitCents: dollars(5),
    unit: 'letter',
    clearedByLuxe: true,
    ornamentUpgrade: true,
  },
  'luxe-topper': {
    id: 'luxe-topper',
    title: 'Luxe Topper',
    description: 'An upgraded statement topper.',
    unitCents: dollars(25),
    unit: 'flat',
    clearedByLuxe: true,
    ornamentUpgrade: false,
  },
  'luxe-base': {
    id: 'luxe-base',
    title: 'Luxe Base or Skirt',
    description: 'An upgraded tree collar or skirt.',
    unitCents: dollars(25),
    unit: 'flat',
    clearedByLuxe: true,
    ornamentUpgrade: false,
  },
  'gift-wrap': {
    id: 'gift-wrap',
    title: 'Gift-Wrap Suite',
    description: 'Decorative wrapped boxes styled beneath the tree.',
    unitCents: dollars(125),
    unit: 'flat',
    clearedByLuxe: true,
    ornamentUpgrade: false,
  },
  'tree-stylings': {
    id: 'tree-stylings',
    title: 'Tree-side Stylings',
    description: 'Staging around the tree (staging only, not kept).',
    unitCents: dollars(275),
    unit: 'flat',
    clearedByLuxe: true,
    ornamentUpgrade: false,
  },
  stockings: {
    id: 'stockings',
    title: 'Stockings',
    description: 'Coordinated stockings, priced each.',
    unitCents: dollars(15),
    unit: 'each',
    clearedByLuxe: false,
    ornamentUpgrade: false,
  },
  'stocking-holders': {
    id: 'stocking-holders',
    title: 'Stocking Holders',
    description: 'Weighted stocking holders, priced each.',
    unitCents: dollars(15),
    unit: 'each',
    clearedByLuxe: false,
    ornamentUpgrade: false,
  },
};

export function isAddonId(value: unknown): value is AddonId {
  return isOneOf(ADDON_IDS, value);
}

/** Luxe Finish: flat $1,000 (docs/product.md §9). */
export const LUXE_FINISH_CENTS = dollars(1000);
export const LUXE_FINISH_INCLUDES = [
  'Tree-side stylings ($275 value)',
  'Gift-wrap suite ($125 value)',
  'Luxe topper and base upgrades',
  '4 monogram letter charms',
  '4 stockings with holders',
  '50–75 designer luxe ornaments',
];

/** Buy-and-keep tree plus ornaments, by size (docs/product.md §9 Keeping ornaments). */
export const KEEP_ORNAMENTS_CENTS: Record<TreeSize, number> = {
  '5-7ft': dollars(400),
  '7.5-9ft': dollars(800),
  '10-12ft': dollars(1200),
};

/** Luxe extra ornaments when keeping: +50 for $500, +75 for $750. */
export const LUXE_KEEP_OPTIONS = [0, 50, 75] as const;
export type LuxeKeepCount = (typeof LUXE_KEEP_OPTIONS)[number];
export const LUXE_KEEP_CENTS: Record<LuxeKeepCount, number> = { 0: 0, 50: dollars(500), 75: dollars(750) };

/** Extra tree: +$1,000, plus $500 on the removal component (docs/product.md §9). */
export const EXTRA_TREE_CENTS = dollars(1000);
export const EXTRA_TREE_REMOVAL_CENTS = dollars(500);

/** Deposit share of the total (docs/product.md §9 Payment). */
export const DEPOSIT_RATE = 0.5;

/** Maximum quantity for per-letter and per-item add-ons (a sanity bound on input). */
export const MAX_ADDON_QUANTITY = 50;
