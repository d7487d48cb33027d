import manifest from '../image-manifest.json';

/** Names of the generated illustrations (scripts/images/make-images.mjs writes image-manifest.json). */
export type ImageName = keyof typeof manifest;

interface PictureProps {
  image: ImageName;
  alt: string;
  /** The `sizes` attribute: how wide the slot is at each breakpoint. */
  sizes: string;
  /** The page's main (LCP) image: loaded eagerly with high fetch priority. */
  priority?: boolean;
  className?: string;
}

/** `srcset` of one image in one format, e.g. "/images/x-400.avif 400w, /images/x-800.avif 800w". */
export function imageSrcSet(image: ImageName, format: 'avif' | 'webp'): string {
  const m = manifest[image];
  return m.widths.map((w) => `${m.src}-${w}.${format} ${w}w`).join(', ');
}

/** URL of the largest rendition of an image (used by the portfolio magnifier). */
export function largestImage(image: ImageName, format: 'avif' | 'webp' = 'webp'): string {
  const m = manifest[image];
  return `${m.src}-${m.widths[m.widths.length - 1]}.${format}`;
}

/**
 * A responsive illustration: AVIF with a WebP fallback, at the widths the generator made, with
 * the intrinsic width and height set so the layout never shifts while it loads. Below-the-fold
 * images load lazily and last; the page's main image (the hero, the first portfolio tree)
 * passes `priority`.
 */
export function Picture({ image, alt, sizes, priority = false, className }: PictureProps) {
  const m = manifest[image];
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={imageSrcSet(image, 'avif')} sizes={sizes} />
      <img
        src={`${m.src}-${m.widths[0]}.webp`}
        srcSet={imageSrcSet(image, 'webp')}
        sizes={sizes}
        width={m.width}
        height={m.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        // Below the fold (lazy) an image waits for the others: it never takes bandwidth from the
        // page's main image, which the browser may otherwise fetch beside it.
        fetchPriority={priority ? 'high' : 'low'}
      />
    </picture>
  );
}
