/**
 * The anchored sections of the Services & Pricing and Policies pages (docs/product.md §2 route table).
 * The header dropdowns link to them and the pages give their sections these ids, so a link can
 * never point at a section that does not exist.
 */
export interface SiteSection {
  id: string;
  label: string;
}

export const SERVICE_SECTIONS = [
  { id: 'packages', label: 'Our Packages' },
  { id: 'upgrades', label: 'The More the Merrier' },
  { id: 'luxe-finish', label: 'A Luxe Finish' },
  { id: 'ornament-guidance', label: 'Keep Your Collection' },
] as const satisfies readonly SiteSection[];

export const POLICY_SECTIONS = [
  { id: 'payments', label: 'Payments & Pricing' },
  { id: 'travel', label: 'Travel & Service Area' },
  { id: 'arrival', label: 'Arrival Window' },
  { id: 'scheduling', label: 'Scheduling & Cancellations' },
  { id: 'lights', label: 'Lights & Personal Items' },
  { id: 'removal', label: 'Removal & Ownership' },
  { id: 'incidentals', label: 'Incidentals & Damages' },
] as const satisfies readonly SiteSection[];

export type ServiceSectionId = (typeof SERVICE_SECTIONS)[number]['id'];
export type PolicySectionId = (typeof POLICY_SECTIONS)[number]['id'];

/** Label of a section by id, for headings that must match the menu. */
export function sectionLabel(sections: readonly SiteSection[], id: string): string {
  return sections.find((s) => s.id === id)?.label ?? id;
}
