import { useCallback, useId, useRef } from 'react';
import { MAX_INSPIRATION_IMAGES } from '@domain/booking/inspiration-images';
import { useInspirationUpload } from '../api/upload-inspiration-image';
import { useWizard } from '../store';

/**
 * Inspiration images for step 3 (docs/product.md §2, §5 Images): several images at once, the control
 * disabled while uploading with the progress shown, thumbnails of what the booking keeps, each
 * with a remove button, and at most MAX_INSPIRATION_IMAGES per booking.
 */
export function InspirationUpload() {
  const images = useWizard((s) => s.design.inspirationImages);
  const apply = useWizard((s) => s.apply);
  const wizardId = useWizard((s) => s.wizardId);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const add = useCallback(
    (url: string) =>
      apply((s) =>
        s.design.inspirationImages.includes(url) || s.design.inspirationImages.length >= MAX_INSPIRATION_IMAGES
          ? s
          : { ...s, design: { ...s.design, inspirationImages: [...s.design.inspirationImages, url] } },
      ),
    [apply],
  );
  const remove = (url: string) => apply((s) => ({ ...s, design: { ...s.design, inspirationImages: s.design.inspirationImages.filter((u) => u !== url) } }));

  const { upload, uploading, progress } = useInspirationUpload(wizardId, images.length, add);
  const full = images.length >= MAX_INSPIRATION_IMAGES;

  return (
    <div className="field inspiration">
      <label htmlFor={id}>Inspiration images (optional)</label>
      <p className="hint" id={`${id}-hint`}>
        Photos of trees or rooms you love. JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 5 MB each; {MAX_INSPIRATION_IMAGES} at most.
      </p>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        multiple
        disabled={uploading || full}
        aria-describedby={`${id}-hint ${id}-status`}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Cleared so choosing the same file again fires another change.
          e.target.value = '';
          void upload(files);
        }}
      />
      <div id={`${id}-status`} className="inspiration__status" role="status" aria-live="polite">
        {progress ? (
          <>
            <span>
              Uploading {progress.current} of {progress.count}… {progress.percent}%
            </span>
            <progress max={100} value={progress.percent} aria-label="Upload progress" />
          </>
        ) : (
          <span className="muted">
            {images.length} of {MAX_INSPIRATION_IMAGES} images{full ? ' (the maximum)' : ''}
          </span>
        )}
      </div>
      {images.length > 0 && (
        <ul className="inspiration__grid" aria-label="Uploaded inspiration images">
          {images.map((url, i) => (
            <li key={url} className="inspiration__item">
              <img src={url} alt={`Inspiration image ${i + 1}`} loading="lazy" decoding="async" width={160} height={160} />
              <button
                type="button"
                className="inspiration__remove"
                onClick={() => {
                  remove(url);
                  // After the re-render, when the input is enabled again.
                  requestAnimationFrame(() => inputRef.current?.focus());
                }}
                aria-label={`Remove inspiration image ${i + 1}`}
                disabled={uploading}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
