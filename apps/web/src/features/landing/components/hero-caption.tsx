import { HERO_ACTIVITIES, HERO_CAPTION_INTERVAL_MS } from '@ember/contracts/constants';
import { useEffect, useState } from 'react';
import { VisuallyHidden } from '../../../components/visually-hidden/visually-hidden.tsx';
import { usePrefersReducedMotion } from '../../../hooks/use-prefers-reduced-motion.ts';
import styles from './hero-caption.module.css';

const ALL_ACTIVITIES = `${HERO_ACTIVITIES.slice(0, -1).join(', ')} and ${HERO_ACTIVITIES.at(-1)}`;

/**
 * The hero's rotating activity name: a new one every 1750 ms, looping through all nine. Screen
 * readers get the whole list once instead of a word every 1.75 s; with reduced motion it stays still.
 */
export function HeroCaption() {
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    if (reducedMotion) return;
    const timer = setInterval(() => {
      setIndex((current) => (current + 1) % HERO_ACTIVITIES.length);
    }, HERO_CAPTION_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [reducedMotion]);

  return (
    <span className={styles.slot}>
      <span className={styles.caption} key={index} data-testid="hero-caption" aria-hidden="true">
        {HERO_ACTIVITIES[index]}
      </span>
      <VisuallyHidden>{ALL_ACTIVITIES}</VisuallyHidden>
    </span>
  );
}
