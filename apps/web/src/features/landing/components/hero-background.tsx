import { usePrefersReducedMotion } from '../../../hooks/use-prefers-reduced-motion.ts';
import styles from './hero-background.module.css';

const POSTER = '/media/hero-poster.jpg';

/** Looping muted gameplay video behind the hero; only the still poster when motion is reduced. */
export function HeroBackground() {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <div className={styles.background} aria-hidden="true">
      {reducedMotion ? (
        <img className={styles.media} src={POSTER} alt="" />
      ) : (
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
      )}
      <div className={styles.shade} />
    </div>
  );
}
