import { useRef, type PointerEvent } from 'react';
import { Picture, largestImage, type ImageName } from '../components/picture';

const ZOOM = 2.5;
const LENS_PX = 170;

/**
 * A picture with a hover magnifier (docs/product.md §2 Portfolio): with a mouse, a round lens follows
 * the pointer showing the largest rendition at 2.5×. The lens is decoration (aria-hidden); the
 * picture keeps its alt text. Touch and keyboard users see the plain picture. The large image
 * is only fetched once the lens first shows.
 */
export function Magnifier({ image, alt }: { image: ImageName; alt: string }) {
  const lensRef = useRef<HTMLDivElement>(null);

  const move = (event: PointerEvent<HTMLDivElement>) => {
    const lens = lensRef.current;
    if (!lens || event.pointerType !== 'mouse') return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    if (x < 0 || y < 0 || x > box.width || y > box.height) {
      lens.hidden = true;
      return;
    }
    lens.hidden = false;
    lens.style.backgroundImage = `url("${largestImage(image)}")`;
    lens.style.backgroundSize = `${box.width * ZOOM}px ${box.height * ZOOM}px`;
    lens.style.backgroundPosition = `${LENS_PX / 2 - x * ZOOM}px ${LENS_PX / 2 - y * ZOOM}px`;
    lens.style.transform = `translate(${x - LENS_PX / 2}px, ${y - LENS_PX / 2}px)`;
  };

  const hide = () => {
    if (lensRef.current) lensRef.current.hidden = true;
  };

  return (
    <div className="magnifier" onPointerMove={move} onPointerLeave={hide}>
      <Picture image={image} alt={alt} sizes="(min-width: 900px) 440px, 90vw" priority />
      <div ref={lensRef} className="magnifier__lens" style={{ width: LENS_PX, height: LENS_PX }} aria-hidden="true" hidden />
    </div>
  );
}
