import { DEVICE_APPROVED_MESSAGE, DEVICE_DENIED_MESSAGE } from '@ember/contracts/client-api';
import { useEffect, useRef } from 'react';
import { CheckIcon, CloseIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { paths } from '../../../config/paths.ts';
import wrapRow from '../../../styles/wrap-row.module.css';
import type { DeviceDecision } from '../api/device-authorizations.ts';
import styles from './device.module.css';

const OUTCOMES: Record<DeviceDecision, { title: string; text: string }> = {
  approve: {
    title: DEVICE_APPROVED_MESSAGE,
    text: 'You can return to the client. It signs in within a few seconds.',
  },
  deny: {
    title: DEVICE_DENIED_MESSAGE,
    text: 'The client was not signed in. If it was yours, start the sign-in again from the client.',
  },
};

/** Step 3: what the decision did. */
export function DeviceOutcome({ decision, onAnother }: { decision: DeviceDecision; onAnother: () => void }) {
  const { title, text } = OUTCOMES[decision];
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => statusRef.current?.focus(), []);
  const approved = decision === 'approve';
  return (
    <Card>
      <div
        ref={statusRef}
        tabIndex={-1}
        role="status"
        className={`${styles.outcome} ${approved ? styles.approved : styles.denied}`}
        data-testid="device-outcome"
      >
        <span className={styles.outcomeIcon} aria-hidden="true">
          {approved ? <CheckIcon size={28} /> : <CloseIcon size={28} />}
        </span>
        <h2 className={styles.outcomeTitle}>{title}</h2>
        <p className={styles.lead}>{text}</p>
      </div>
      <div className={`${wrapRow.gap3} ${wrapRow.fullWidthOnPhones}`}>
        <Button variant="secondary" to={paths.account.getHref()}>
          Your signed-in devices
        </Button>
        <Button variant="ghost" onClick={onAnother}>
          Enter another code
        </Button>
      </div>
    </Card>
  );
}
