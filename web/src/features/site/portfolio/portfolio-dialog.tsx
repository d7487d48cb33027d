import { useEffect, useEffectEvent, useRef } from 'react';
import { Link } from '@/lib/router';
import { ADDONS, TREE_SIZE_INFO, findPackage } from '@domain/catalog';
import { paths } from '@/lib/paths';
import { Magnifier } from './magnifier';
import type { PortfolioItem } from './portfolio-items';

/**
 * The portfolio detail dialog (docs/product.md §2 Portfolio): picture with magnifier, package, upgrade
 * and Luxe Finish badges, colour palette, style theme and description.
 *
 * A native modal <dialog>: the browser makes the rest of the page inert (focus stays inside),
 * Escape closes it, and closing returns focus to the card that opened it.
 *
 * `onClose` runs on `beforetoggle`, which fires synchronously as the dialog starts to close (by
 * Escape, the close button or the backdrop), never on `close`: that event is only queued, and
 * Chromium runs input ahead of it, so a key pressed on the card the instant the dialog shut
 * arrived while `item` still held the same tree; the reopening was a no-op and the late
 * `close` then cleared it. The listener is added here rather than as `onBeforeToggle`: the
 * dialog is in the prerendered page, and React 19 attaches a dialog's `beforetoggle` listener
 * only to dialogs it creates, not to those it hydrates (docs/decisions/019).
 */
export function PortfolioDialog({ item, onClose }: { item: PortfolioItem | null; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onBeforeToggle = useEffectEvent((event: Event) => {
    if ((event as ToggleEvent).newState === 'closed') onClose();
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.addEventListener('beforetoggle', onBeforeToggle);
    return () => dialog.removeEventListener('beforetoggle', onBeforeToggle);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (item && !dialog.open) dialog.showModal();
    else if (!item && dialog.open) dialog.close();
  }, [item]);

  const pkg = item ? findPackage(item.packageSlug) : undefined;

  return (
    <dialog
      ref={dialogRef}
      className="portfolio-dialog"
      aria-labelledby="portfolio-dialog-title"
      // A click on the backdrop (the dialog element itself, outside its content) closes it.
      onClick={(event) => {
        if (event.target === dialogRef.current) dialogRef.current.close();
      }}
    >
      {item && (
        <div className="portfolio-dialog__content">
          <button type="button" className="portfolio-dialog__close" onClick={() => dialogRef.current?.close()}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close</span>
          </button>
          <Magnifier image={item.image} alt={item.alt} />
          <div className="portfolio-dialog__info">
            <p className="eyebrow">{item.theme} theme</p>
            <h2 id="portfolio-dialog-title">{item.title}</h2>
            <ul className="portfolio-badges" role="list" aria-label="Package and upgrades">
              {pkg && <li className="pill">{pkg.title}</li>}
              {item.luxeFinish && <li className="pill pill--gold">Luxe Finish</li>}
              {item.upgrades.map((id) => (
                <li key={id} className="pill pill--berry">
                  {ADDONS[id].title}
                </li>
              ))}
            </ul>
            <dl className="portfolio-facts">
              <div>
                <dt>Package</dt>
                <dd>
                  {pkg?.title} · {TREE_SIZE_INFO[item.treeSize].label}
                </dd>
              </div>
              <div>
                <dt>Colour palette</dt>
                <dd>
                  {item.palette.name}
                  <span className="swatches">
                    {Object.entries(item.palette.swatches).map(([name, hex]) => (
                      <span key={hex} className="swatch" style={{ background: hex }} title={name} />
                    ))}
                  </span>
                  <span className="visually-hidden">: {Object.keys(item.palette.swatches).join(', ')}</span>
                </dd>
              </div>
              <div>
                <dt>Style theme</dt>
                <dd>{item.theme}</dd>
              </div>
            </dl>
            <p>{item.description}</p>
            {pkg && (
              <Link to={`${paths.booking}?package=${pkg.slug}`} className="button button--primary">
                Book {pkg.title}
              </Link>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
