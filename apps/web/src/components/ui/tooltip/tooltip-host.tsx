import { TOOLTIP } from '@ember/contracts/constants';
import { Tooltip as ReactTooltip } from 'react-tooltip';
import { APP_TOOLTIP_ID } from './tooltip-id.ts';
import styles from './tooltip.module.css';

/** The one react-tooltip instance (delay 0, max width 350, z-index 9999). Loaded lazily. */
export default function TooltipHost() {
  return (
    <ReactTooltip
      id={APP_TOOLTIP_ID}
      delayShow={TOOLTIP.delayShow}
      className={styles.bubble}
      opacity={1}
      style={{ maxWidth: TOOLTIP.maxWidth, zIndex: TOOLTIP.zIndex }}
    />
  );
}
