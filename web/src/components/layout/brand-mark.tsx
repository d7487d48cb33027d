/**
 * The brand mark: a layered tree with a gold star (the same drawing as favicon.svg and the PWA
 * icons made by scripts/images/make-images.mjs). Decorative: the business name always sits beside it.
 */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <rect width="100" height="100" rx="22" fill="#1f3d2b" />
      <path d="M50,26 L66,48.4 L59.6,48.4 L74,67.6 L26,67.6 L40.4,48.4 L34,48.4Z" fill="#e6efe8" />
      <rect x="46.4" y="67.6" width="7.2" height="8" fill="#e6efe8" />
      <path d="M50,14.8 L52.5,19.5 L57.6,20.4 L54,24.2 L54.7,29.4 L50,27.1 L45.3,29.4 L46,24.2 L42.4,20.4 L47.5,19.5Z" fill="#d9b56a" />
      <circle cx="43.6" cy="58" r="2.4" fill="#b08d57" />
      <circle cx="58" cy="61.2" r="2.4" fill="#c0392b" />
      <circle cx="51.6" cy="43.6" r="2" fill="#c0392b" />
    </svg>
  );
}
