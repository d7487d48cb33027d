import { ADMIN_DASHBOARD_PATH } from '@domain/admin/admin-links';

/** Every route path of docs/product.md §2, in one place. Link with these, never with string literals. */
export const paths = {
  home: '/',
  services: '/services',
  booking: '/booking',
  consultation: '/consultation',
  portfolio: '/portfolio',
  about: '/about',
  faq: '/faq',
  policies: '/policies',
  termsPrivacy: '/terms-privacy',
  submitReview: '/submit-review',
  testimonials: '/testimonials',
  adminLogin: '/admin/login',
  /** `?booking=<id>` opens that booking's details (domain/admin/admin-links.ts, linked from the owner's 'New booking' e-mail). */
  adminDashboard: ADMIN_DASHBOARD_PATH,
  adminNewBooking: '/admin/new-booking',
  /** A new admin password, opened with the link of the reset e-mail (docs/decisions/034; the link is in pb_migrations/1732000110_password_reset.js). */
  adminResetPassword: '/admin/reset-password',
  setupAdmin: '/setup-admin',
  bookingSuccess: '/booking-success',
  bookingCancel: '/booking-cancel',
  /** The customer's own booking, opened with the manage link from an e-mail (docs/decisions/027). */
  myBooking: '/my-booking',
  /** "E-mail me my link": the manage link sent again to the address a booking was made with (docs/decisions/027). */
  myBookingLink: '/my-booking/link',
  /** The customer's own consultation request, opened with the link from its e-mails: see, move or cancel it. */
  myConsultation: '/my-consultation',
  /** The unsubscribe page of a marketing e-mail's link (docs/decisions/056). */
  unsubscribe: '/unsubscribe',
  /** A waitlist offer from its e-mail: 'Book it' or 'No thanks' (the waitlist contract). */
  waitlistOffer: '/waitlist/offer',
  /** Leaving the waitlist, from the joined e-mail's link (the waitlist contract). */
  waitlistLeave: '/waitlist/leave',
  /** Demo-mode checkout page (docs/architecture.md reading 6). */
  demoPayment: '/demo-payment',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
