import { TOOLTIP } from '@ember/contracts/constants';
import { Tooltip as ReactTooltip } from 'react-tooltip';
import styles from './tooltip.module.css';
import { APP_TOOLTIP_ID } from './tooltip-id.ts';

/**
 * The one react-tooltip instance (delay 0, max width 350, z-index 9999). Loaded lazily. Only the
 * library's positioning styles are injected; the look comes from tooltip.module.css.
 */
export default function TooltipHost() {
  return (
    <ReactTooltip
      id={APP_TOOLTIP_ID}
      delayShow={TOOLTIP.delayShow}
      className={styles.bubble}
      classNameArrow={styles.arrow}
      disableStyleInjection
      opacity={1}
      style={{ maxWidth: TOOLTIP.maxWidth, zIndex: TOOLTIP.zIndex }}
    />
  );
}
