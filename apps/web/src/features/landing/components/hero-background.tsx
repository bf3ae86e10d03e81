import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '../../../hooks/use-prefers-reduced-motion.ts';
import styles from './hero-background.module.css';
import { HERO_POSTER as POSTER } from './hero-media.ts';

/** The visitor's browser asked to save data (Network Information API, where there is one). */
const savesData = () =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * True once the page has loaded and gone idle: the hero video (1 MB) must never compete with what
 * the visitor came to see (issue 11). Never when motion is reduced or data saved.
 */
function useVideoAfterLoad(allowed: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!allowed || savesData()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => setReady(true), 0);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      clearTimeout(timer);
    };
  }, [allowed]);
  return ready;
}

/**
 * The still poster behind the hero first (it is what paints); the looping muted gameplay video
 * fades in over it after the page has loaded, unless the visitor reduces motion or saves data.
 */
export function HeroBackground() {
  const reducedMotion = usePrefersReducedMotion();
  const showVideo = useVideoAfterLoad(!reducedMotion);
  return (
    <div className={styles.background} aria-hidden="true">
      <img className={styles.media} src={POSTER} alt="" fetchPriority="high" />
      {showVideo ? (
        <video
          className={styles.media}
          autoPlay
          muted
          loop
          playsInline
          preload="auto"
          poster={POSTER}
          // React sets `muted` as a property only; some browsers need it before autoplay starts.
          ref={(video) => {
            if (video) video.muted = true;
          }}
        >
          <source src="/media/hero-loop.webm" type="video/webm" />
          <source src="/media/hero-loop.mp4" type="video/mp4" />
        </video>
      ) : null}
      <div className={styles.shade} />
    </div>
  );
}
