import { expect, test } from './support/fixtures';
import type PocketBase from 'pocketbase';
import { e2eBaseUrl } from './support/constants';
import { superuserClient } from './support/db';
import { waitForMail } from './support/mail';
import { EXAMPLE_CHOICES, PAID_DEPOSIT } from '../scripts/lib/example-booking.mjs';

const CUSTOMER = { name: 'Clara Holm', email: `clara.${Date.now()}@example.com` };
const REVIEW = 'From the first palette chat to the January takedown, everything was calm and careful. Our tree has never looked this good!';

/** Approved reviews made directly in the database, approved after `approvedFrom` minutes past noon. */
async function seedApproved(pb: PocketBase, count: number, rating: number, stage: string, approvedFrom: number, prefix: string) {
  for (let i = 0; i < count; i++) {
    const minute = String(approvedFrom + i).padStart(2, '0');
    await pb
      .collection('testimonials')
      .create({
        customer_name: `${prefix} ${i + 1}`,
        rating,
        review_text: `${prefix} review number ${i + 1}: the decorating team was punctual, careful and creative.`,
        package_type: 'curated-christmas',
        tree_size: '5-7ft',
        service_date: '2025-12-10',
        review_stage: stage,
        is_approved: true,
        approved_at: `2026-11-20 12:${minute}:00.000Z`,
        submitted_at: '2026-11-19 12:00:00.000Z',
      });
  }
}

test('a customer reviews through the e-mailed link; once approved it appears under the right filters and page', async ({ page }) => {
  const pb = await superuserClient();
  for (const r of await pb.collection('testimonials').getFullList({ fields: 'id' })) await pb.collection('testimonials').delete(r.id);

  // The admin asks for a review (admin-only route, through an admin staff token).
  const booking = await pb
    .collection('bookings')
    .create({
      customer_name: CUSTOMER.name,
      customer_email: CUSTOMER.email,
      customer_phone: '(410) 555-0133',
      customer_address: '3 Spruce Way, Ellicott City, MD 21043',
      ...EXAMPLE_CHOICES,
      ...PAID_DEPOSIT,
      payment_mode: 'demo',
    });
  const staff = await pb.collection('staff').create({ email: `admin.${Date.now()}@e2e.test`, password: 'admin-pass-123', passwordConfirm: 'admin-pass-123', role: 'admin' });
  const admin = await pb.collection('staff').impersonate(staff.id, 600);
  const sent = await fetch(`${e2eBaseUrl()}/api/fn/send-review-request`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: admin.authStore.token },
    body: JSON.stringify({ booking_id: booking.id }),
  });
  expect(sent.status).toBe(200);

  // The link arrives by e-mail.
  const mail = await waitForMail((m) => m.to.includes(CUSTOMER.email));
  const link = /https?:\/\/\S+\/submit-review\?token=[A-Za-z0-9]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);

  await expect(page.getByRole('heading', { name: 'Share Your Experience' })).toBeVisible();
  const service = page.getByRole('region', { name: 'Your service' });
  await expect(service).toContainText('Elevated Arbor');
  await expect(service).toContainText('7.5–9 ft');
  await expect(service).toContainText('Monday, December 28, 2026');

  // Five stars by default; the keyboard moves it down to three.
  await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await page.getByRole('radio', { name: '5 stars' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked();

  // Submit stays disabled below 50 characters, with the live count.
  const text = page.getByLabel('Your review');
  const submit = page.getByRole('button', { name: 'Submit Review' });
  await text.fill(REVIEW.slice(0, 49));
  await expect(page.getByText('49 / 50 characters minimum')).toBeVisible();
  await expect(submit).toBeDisabled();
  await text.fill(REVIEW);
  await expect(page.getByText(`${REVIEW.length} / 50 characters minimum`)).toBeVisible();
  await expect(submit).toBeEnabled();
  await expect(page.getByText('Published reviews show your first name and last initial.')).toBeVisible();
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText('It will be visible on our testimonials page once it has been approved.')).toBeVisible();

  // The link is single-use.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await expect(page.getByText('A review has already been submitted with this link')).toBeVisible();
  await page.goto('/submit-review');
  await expect(page.getByText('Invalid review link', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(`${e2eBaseUrl()}/`);

  // Not public until approved.
  await page.goto('/testimonials');
  await expect(page.getByText('No reviews have been published yet.')).toBeVisible();
  await expect(page.getByText(REVIEW)).toHaveCount(0);

  // Approve it (as the admin would), then other reviews: 13 newer 3-star post_removal ones push
  // it to page 2 of its filter; 2 five-star ones and an unapproved 3-star one must not mix in.
  const mine = await pb.collection('testimonials').getFirstListItem(pb.filter('booking = {:id}', { id: booking.id }));
  await pb.collection('testimonials').update(mine.id, { is_approved: true, approved_at: '2026-11-20 11:00:00.000Z' });
  await seedApproved(pb, 13, 3, 'post_removal', 0, 'Three-star');
  await seedApproved(pb, 2, 5, 'post_removal', 30, 'Five-star');
  await pb
    .collection('testimonials')
    .create({
      customer_name: 'Not Approved',
      rating: 3,
      review_text: 'Unapproved words that nobody should read on the public testimonials page.',
      review_stage: 'post_removal',
      is_approved: false,
      submitted_at: '2026-11-19 12:00:00.000Z',
    });

  await page.goto('/testimonials');
  await expect(page.getByRole('heading', { name: 'Testimonials', level: 1 })).toBeVisible();
  // (13 + 1) × 3 + 2 × 5 = 52 over 16 reviews = 3.25 → 3.3
  const summary = page.getByRole('region', { name: 'Average rating' });
  await expect(summary).toContainText('3.3');
  await expect(summary).toContainText('Based on 16 reviews');
  await expect(page.getByText('Showing 1–12 of 16 reviews')).toBeVisible();

  await page.getByLabel('Rating', { exact: true }).selectOption({ label: '3 stars' });
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'After removal' });
  await expect(page).toHaveURL(/rating=3&stage=post_removal/);
  await expect(page.getByText('Showing 1–12 of 14 reviews')).toBeVisible();
  await expect(page.locator('.testimonial-card')).toHaveCount(12);
  await expect(page.getByText(REVIEW)).toHaveCount(0);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Showing 13–14 of 14 reviews')).toBeVisible();
  const card = page.locator('.testimonial-card', { hasText: REVIEW });
  await expect(card).toBeVisible();
  // First name and last initial only, as the form said.
  await expect(card).toContainText('Clara H.');
  await expect(card).not.toContainText(CUSTOMER.name);
  await expect(card).toContainText('Elevated Arbor · 7.5–9 ft');
  await expect(card).toContainText('December 2026');
  await expect(card.getByRole('img', { name: 'Rated 3 out of 5' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByText('Unapproved words')).toHaveCount(0);

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Showing 1–12 of 14 reviews')).toBeVisible();

  // Other filters do not show it.
  await page.getByLabel('Rating', { exact: true }).selectOption({ label: '5 stars' });
  await expect(page.getByText('Showing 1–2 of 2 reviews')).toBeVisible();
  await expect(page.getByText(REVIEW)).toHaveCount(0);
  await page.getByLabel('Rating', { exact: true }).selectOption({ label: '3 stars' });
  await page.getByLabel('Stage', { exact: true }).selectOption({ label: 'After installation' });
  await expect(page.getByText('No reviews match your filters')).toBeVisible();

  // AggregateRating structured data over every approved review.
  const jsonLd = await page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? '{}') as Record<string, any>).find((d) => d.aggregateRating));
  expect(jsonLd?.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 3.3, reviewCount: 16, bestRating: 5, worstRating: 1 });

  // Home shows no reviews section until the admin features one; then the featured ones, linked to /testimonials.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Trees we have dressed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What our clients say' })).toHaveCount(0);
  const fiveStar = await pb.collection('testimonials').getFirstListItem("customer_name = 'Five-star 1'");
  for (const id of [mine.id, fiveStar.id]) await pb.collection('testimonials').update(id, { is_featured: true });
  await page.reload();
  const featured = page.getByRole('region', { name: 'What our clients say' });
  await expect(featured.locator('.testimonial-card')).toHaveCount(2);
  await expect(featured.locator('.testimonial-card', { hasText: REVIEW })).toContainText('Clara H.');
  await expect(featured).not.toContainText('Three-star');
  await featured.getByRole('link', { name: 'Read all reviews' }).click();
  await expect(page.getByRole('heading', { name: 'Testimonials', level: 1 })).toBeVisible();
});
