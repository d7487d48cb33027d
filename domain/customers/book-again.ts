/**
 * 'Book again' on a customer's page (docs/architecture.md "Data model", `customers`): the owner's
 * phone booking (docs/decisions/037) opened with the customer's contact and their last
 * booking's choices, carried in the query of /admin/new-booking. One module writes and reads
 * the query, so the two sides cannot disagree. Pure.
 */
import { isAddonId, isPackageSlug, isTreeSize, MAX_ADDON_QUANTITY, type AddonId, type PackageSlug, type TreeSize } from '../catalog';
import type { BookingRow } from '../booking/booking-row';

/** What the phone booking starts with. */
export interface BookAgainPrefill {
  name: string;
  email: string;
  phone: string;
  address: string;
  packageSlug: PackageSlug | null;
  treeSize: TreeSize | null;
  /** Add-on id → quantity. */
  addons: Partial<Record<AddonId, number>>;
  luxeFinish: boolean;
  removalRequested: boolean;
  extraTree: boolean;
  keepOrnaments: boolean;
}

/** The fields of a booking row the choices come from (snake_case, as stored). */
export type BookAgainBooking = Pick<BookingRow, 'package_type' | 'tree_size' | 'selected_addons' | 'luxe_finish' | 'removal_service' | 'extra_tree' | 'keep_ornaments'>;

/**
 * The query of /admin/new-booking for `contact` and, when given, the choices of `last` (the
 * customer's latest booking): name, email, phone, address (as the consultation's 'Book this
 * customer' sends them), then package, size, addons (`id:quantity` joined by commas), and the
 * flags luxe, removal, extraTree, keepOrnaments ('1' when set, absent otherwise).
 */
export function bookAgainQuery(contact: { name: string; email: string; phone: string; address: string }, last: BookAgainBooking | null): Record<string, string> {
  const q: Record<string, string> = { name: contact.name, email: contact.email, phone: contact.phone, address: contact.address };
  if (!last) return q;
  if (isPackageSlug(last.package_type)) q.package = last.package_type;
  if (isTreeSize(last.tree_size)) q.size = last.tree_size;
  const addons = (last.selected_addons ?? []).filter((a) => a && isAddonId(a.id)).map((a) => `${a.id}:${Math.max(1, Math.trunc(a.quantity ?? 1))}`);
  if (addons.length) q.addons = addons.join(',');
  if (last.luxe_finish) q.luxe = '1';
  if (last.removal_service) q.removal = '1';
  if (last.extra_tree) q.extraTree = '1';
  if (last.keep_ornaments) q.keepOrnaments = '1';
  return q;
}

/**
 * Reads the query bookAgainQuery wrote (`get` returns a parameter or null); null without a
 * `name` (no prefill asked). Unknown packages, sizes and add-ons are left out; quantities are
 * kept within 1..MAX_ADDON_QUANTITY.
 */
export function readBookAgainQuery(get: (key: string) => string | null): BookAgainPrefill | null {
  const name = get('name');
  if (name === null) return null;
  const pkg = get('package');
  const size = get('size');
  const addons: Partial<Record<AddonId, number>> = {};
  for (const part of (get('addons') ?? '').split(',')) {
    const [id, qty] = part.split(':');
    const n = Math.trunc(Number(qty ?? '1'));
    if (isAddonId(id) && Number.isFinite(n)) addons[id] = Math.min(MAX_ADDON_QUANTITY, Math.max(1, n));
  }
  return {
    name,
    email: get('email') ?? '',
    phone: get('phone') ?? '',
    address: get('address') ?? '',
    packageSlug: isPackageSlug(pkg) ? pkg : null,
    treeSize: isTreeSize(size) ? size : null,
    addons,
    luxeFinish: get('luxe') === '1',
    removalRequested: get('removal') === '1',
    extraTree: get('extraTree') === '1',
    keepOrnaments: get('keepOrnaments') === '1',
  };
}
