import { HERO_ACTIVITIES, HERO_CAPTION_INTERVAL_MS } from '@ember/contracts/constants';
import { useEffect, useState } from 'react';
import styles from './hero-caption.module.css';

/** The hero's rotating activity name: a new one every 1750 ms, looping through all nine. */
export function HeroCaption() {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => {
      setIndex((current) => (current + 1) % HERO_ACTIVITIES.length);
    }, HERO_CAPTION_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <span className={styles.slot} data-testid="hero-caption" aria-live="polite">
      <span key={index} className={styles.caption}>
        {HERO_ACTIVITIES[index]}
      </span>
    </span>
  );
}
