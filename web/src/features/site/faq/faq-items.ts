/**
 * The ten FAQ entries (docs/product.md §2 FAQ). Every number in an answer is derived from domain/, so
 * the answers stay consistent with the prices and policies actually charged.
 */
import { BUSINESS } from '@domain/business';
import type { Ymd } from '@domain/schedule/calendar';
import { KEEP_ORNAMENTS_CENTS, LUXE_FINISH_CENTS, PACKAGES, TREE_SIZES, TREE_SIZE_INFO } from '@domain/catalog';
import { formatCents } from '@domain/money/cents';
import { POLICY_SENTENCES } from '@domain/booking/policy';
import { ARRIVAL_WINDOW_HOURS } from '@domain/booking/policies';
import {
  CONSULTATION_DAY,
  FREE_RADIUS,
  FROM_PRICE,
  INCLUDED_REMOVAL_TITLES,
  PER_MILE,
  REMOVAL_ADD_ONS,
  REMOVAL_VALUE,
  VISIT_LENGTHS_TEXT,
  WORK_DAYS_TEXT,
  listText,
  packageFromPrice,
  seasonWindows,
} from '../site-facts';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/** Builds the FAQ for the season being sold on `today` (New York's date). */
export function faqItems(today: Ymd): FaqItem[] {
  const windows = seasonWindows(today);
  const keepPrices = TREE_SIZES.map((s) => KEEP_ORNAMENTS_CENTS[s]);
  const keepRange = `${formatCents(Math.min(...keepPrices))} to ${formatCents(Math.max(...keepPrices))}`;
  const packageLines = PACKAGES.map((p) => `${p.title} from ${packageFromPrice(p)}`);
  const removalAddOn = REMOVAL_ADD_ONS.map((r) => `${r.title} can add it for ${r.price}, and it is automatically included when you choose an upgrade`);
  return [
    {
      id: 'service-area',
      question: 'Which areas do you serve?',
      answer: `We are based in ${BUSINESS.town}, Maryland. Travel is free within ${FREE_RADIUS}; beyond that we add ${PER_MILE} per mile, calculated from your address when you book.`,
    },
    {
      id: 'cost',
      question: 'How much does a decorated tree cost?',
      answer: `Packages start at ${FROM_PRICE} and are priced by tree height: ${listText(packageLines)}. Upgrades and the ${formatCents(LUXE_FINISH_CENTS)} Luxe Finish are optional; the full price list is on our Services & Pricing page.`,
    },
    {
      id: 'packages',
      question: 'Do I need my own tree and ornaments?',
      answer: `Only for ${PACKAGES[0]?.title}, where we style your own tree and ornaments. ${PACKAGES[1]?.title} adds a curated ornament collection we shop for you, and ${PACKAGES[2]?.title} includes the tree as well.`,
    },
    {
      id: 'included',
      question: 'Are lights, a topper and a tree base included?',
      answer: 'Yes. Every package includes lights and a standard topper and base. Luxe toppers and bases are available as upgrades.',
    },
    {
      id: 'timing',
      question: 'When do you install, and how long does it take?',
      answer: `Installations run ${windows.install} on ${WORK_DAYS_TEXT}. Visits take ${VISIT_LENGTHS_TEXT}, and we arrive within a ${ARRIVAL_WINDOW_HOURS}-hour window of your slot's start.`,
    },
    {
      id: 'removal',
      question: 'Is removal included?',
      answer: `Scheduled removal (a ${REMOVAL_VALUE} value) is included with ${listText(INCLUDED_REMOVAL_TITLES)}. ${removalAddOn.join('. ')}. Removals run ${windows.removal}.`,
    },
    {
      id: 'keep',
      question: 'Can I keep the ornaments?',
      answer: `Yes. You can buy the tree and ornaments to keep for ${keepRange} depending on the tree height (${listText(TREE_SIZES.map((s) => `${TREE_SIZE_INFO[s].label} ${formatCents(KEEP_ORNAMENTS_CENTS[s])}`))}), and we credit the removal if you no longer need it.`,
    },
    {
      id: 'payment',
      question: 'How does payment work?',
      answer: `${POLICY_SENTENCES.deposit} ${POLICY_SENTENCES.balance}`,
    },
    {
      id: 'changes',
      question: 'Can I reschedule or cancel?',
      answer: `${POLICY_SENTENCES.changes} After that, please e-mail ${BUSINESS.email} or call ${BUSINESS.phone} and we will find a new date with you if another slot is free.`,
    },
    {
      id: 'consultation',
      question: 'Can we talk it through before booking?',
      answer: `Of course. Free consultations are held on ${CONSULTATION_DAY}s during the season. Request one online and we will confirm by e-mail.`,
    },
  ];
}
