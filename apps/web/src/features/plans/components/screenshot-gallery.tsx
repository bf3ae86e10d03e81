import type { Screenshot } from '@ember/contracts/plugin-showcase';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import styles from './screenshot-gallery.module.css';

/**
 * A plugin's screenshots: thumbnails in a row that scrolls sideways on phones; each opens the
 * large picture in the app's modal, where Previous/Next (or the arrow keys) move through them.
 */
export function ScreenshotGallery({
  pluginName,
  screenshots,
}: {
  pluginName: string;
  screenshots: Screenshot[];
}) {
  const [open, setOpen] = useState<number | null>(null);
  const count = screenshots.length;
  const step = (by: number) => setOpen((index) => (index === null ? null : (index + by + count) % count));
  // The arrow keys move through the pictures wherever the focus is inside the dialog.
  useEffect(() => {
    if (open === null || count < 2) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const by = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (by !== 0) setOpen((index) => (index === null ? null : (index + by + count) % count));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, count]);
  if (count === 0) return null;
  const shown = open === null ? null : screenshots[open];
  return (
    <>
      <ul className={styles.strip} aria-label={`Screenshots of ${pluginName}`}>
        {screenshots.map((shot, index) => (
          <li key={shot.imageUrl}>
            <button
              type="button"
              className={styles.thumb}
              onClick={() => setOpen(index)}
              aria-label={`Open screenshot ${index + 1} of ${screenshots.length}: ${shot.alt}`}
            >
              <img
                src={shot.thumbUrl}
                alt=""
                width={shot.thumbWidth}
                height={shot.thumbHeight}
                loading="lazy"
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={shown !== null && shown !== undefined}
        onClose={() => setOpen(null)}
        title={`${pluginName}: screenshot ${(open ?? 0) + 1} of ${screenshots.length}`}
        size="large"
        footer={
          screenshots.length > 1 ? (
            <>
              <Button variant="secondary" onClick={() => step(-1)}>
                Previous
              </Button>
              <Button variant="secondary" onClick={() => step(1)}>
                Next
              </Button>
            </>
          ) : undefined
        }
      >
        {shown ? (
          <figure className={styles.figure}>
            <img src={shown.imageUrl} alt={shown.alt} width={shown.imageWidth} height={shown.imageHeight} />
            <figcaption>{shown.alt}</figcaption>
          </figure>
        ) : null}
      </Modal>
    </>
  );
}
