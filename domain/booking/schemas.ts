/**
 * Shared zod schemas with docs/product.md §5's messages: style preferences and the booking request sent
 * to `create-booking-checkout` (the contact form's is domain/contact-schema.ts, re-exported). Used by the wizard (field errors, toasts)
 * and by the server (400 responses), so both give the same message for the same input. Free
 * text is normalised (domain/text.ts) before it is checked; see docs/decisions/011.
 */
import { z } from 'zod';
import { ADDON_IDS, LUXE_KEEP_OPTIONS, MAX_ADDON_QUANTITY, TREE_SIZES, findPackage } from '../catalog';
import { isYmd } from '../schedule/calendar';
import { MAX_INSPIRATION_IMAGES, parseFileUrl } from './inspiration-images';
import { MESSAGES as M } from '../messages';
import { parseSlotId } from '../schedule/slots';
import { removalApplies, type BookingChoices } from '../money/pricing';
import { contactSchema, firstMessage, optionalText, type ParseResult } from '../contact-schema';

// The contact form's schema and the helpers lived here; importers of this module keep them.
export { contactSchema, firstMessage, type Contact, type ContactInput, type ParseResult } from '../contact-schema';

/** Style preferences (docs/product.md §2 step 3, §5 Style). Image URLs come from our own uploads. */
export const styleSchema = z.object({
  styleColorPalette: optionalText(100, 'Colour palette must be less than 100 characters'),
  styleTheme: optionalText(100, 'Theme must be less than 100 characters'),
  styleTopper: optionalText(50, 'Topper must be less than 50 characters'),
  styleSpecialRequests: optionalText(2000, M.specialRequestsTooLong, 'multiline'),
  styleInspirationImages: z
    .array(
      // Not z.url(): it needs the WHATWG URL class, which PocketBase's JSVM lacks (every link
      // would be refused there). The server also checks each link names one of our uploads.
      z
        .string('Inspiration images must be links to uploaded images')
        .max(1000, 'Inspiration images must be links to uploaded images')
        .refine((u) => parseFileUrl(u) !== null, 'Inspiration images must be links to uploaded images'),
      'Inspiration images must be a list of links',
    )
    .max(MAX_INSPIRATION_IMAGES, `Please upload at most ${MAX_INSPIRATION_IMAGES} inspiration images`)
    .optional()
    .default([]),
});

const dateOrNull = z.union([z.string(), z.null()]).optional().default(null);

/** The package, size, options and visit choices of a booking request. */
export const selectionSchema = z.object({
  packageType: z.string(M.selectPackageAndSize).refine((v) => !!findPackage(v), M.selectPackageAndSize),
  treeSize: z.enum(TREE_SIZES, M.selectPackageAndSize),
  installDate: z.string(M.selectInstall).refine(isYmd, M.selectInstall),
  installTimeSlot: z.string(M.selectInstall).refine((v) => !!parseSlotId(v), M.selectInstall),
  removalDate: dateOrNull,
  removalTimeSlot: dateOrNull,
  selectedAddons: z.array(z.enum(ADDON_IDS, 'Unknown add-on')).max(ADDON_IDS.length).optional().default([]),
  /** Letters for monogram charms, items for stockings and holders. */
  addonQuantities: z
    .partialRecord(z.enum(ADDON_IDS, 'Unknown add-on'), z.int('Quantities must be whole numbers').min(0).max(MAX_ADDON_QUANTITY, `Quantities must be at most ${MAX_ADDON_QUANTITY}`))
    .optional()
    .default({}),
  luxeFinish: z.boolean().optional().default(false),
  keepOrnaments: z.boolean().optional().default(false),
  luxeKeepOrnaments: z
    .union(LUXE_KEEP_OPTIONS.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<0>, z.ZodLiteral<50>, z.ZodLiteral<75>])
    .optional()
    .default(0),
  /**
   * The optional-removal tick (Adorned Arrangement, or with keep-ornaments). Not in docs/product.md §3's
   * payload, so it may be absent: parseBookingRequest then reads the removal fields.
   */
  removalService: z.boolean().optional(),
  extraTree: z.boolean().optional().default(false),
});

/**
 * The `bookingData` body of `create-booking-checkout` (docs/product.md §3 Booking payload). Client
 * amounts (totalPrice, depositAmount, travelFee, ornamentOwnershipCost) may be sent but are
 * ignored: the server prices the choices itself.
 */
export const bookingRequestSchema = z.object({
  ...selectionSchema.shape,
  ...contactSchema.shape,
  ...styleSchema.shape,
});
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;
/** A checked booking request; `removalService` is resolved: true exactly when a removal visit is booked. */
export type BookingRequest = Omit<z.output<typeof bookingRequestSchema>, 'removalService'> & { removalService: boolean };

const isGiven = (v: string | null) => v !== null && v !== '';

/**
 * Parses and checks a booking request in the wizard's order: selections, install visit, removal
 * visit (when removal applies), then contact and style. Never throws.
 *
 * Where removal is optional, the request asks for it when `removalService` is true, or when the
 * flag is absent and a removal date or slot is sent (docs/product.md §3's payload has no flag, only the
 * removal date and slot, "or null"); an explicit false declines it. A removal asked for needs a
 * valid date and slot ('Please select removal date and time slot'), never silently dropped.
 * Without removal the removal fields come back null; with it `removalService` comes back true.
 */
export function parseBookingRequest(input: unknown): ParseResult<BookingRequest> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, message: 'Booking details are missing.' };
  }
  const parsed = bookingRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: firstMessage(parsed.error) };
  const { removalService, ...rest } = parsed.data;
  const requested = removalService ?? (isGiven(rest.removalDate) || isGiven(rest.removalTimeSlot));
  const value: BookingRequest = { ...rest, removalService: requested };
  value.removalService = removalApplies(toChoices(value, null));
  if (value.removalService) {
    if (!isYmd(value.removalDate) || !parseSlotId(value.removalTimeSlot)) {
      return { ok: false, message: M.selectRemoval };
    }
  } else {
    value.removalDate = null;
    value.removalTimeSlot = null;
  }
  return { ok: true, value };
}

/** The priced choices of a parsed booking request, with the server's distance in miles. */
export function toChoices(r: BookingRequest, distanceMiles: number | null): BookingChoices {
  const pkg = findPackage(r.packageType);
  if (!pkg) throw new Error('Unknown package');
  const addons: BookingChoices['addons'] = {};
  for (const id of r.selectedAddons) addons[id] = r.addonQuantities[id] ?? 1;
  return {
    packageSlug: pkg.slug,
    treeSize: r.treeSize,
    addons,
    luxeFinish: r.luxeFinish,
    removalRequested: r.removalService,
    extraTree: r.extraTree,
    keepOrnaments: r.keepOrnaments,
    luxeKeepOrnaments: r.luxeKeepOrnaments,
    distanceMiles,
  };
}
