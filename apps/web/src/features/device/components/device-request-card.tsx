import { DEVICE_APPROVAL_WARNING, type DeviceAuthorizationResponse } from '@ember/contracts/client-api';
import { useEffect, useRef } from 'react';
import facts from '../../../components/detail-fact/detail-fact.module.css';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { formatDateTime } from '../../../lib/format/dates.ts';
import wrapRow from '../../../styles/wrap-row.module.css';
import type { DeviceDecision } from '../api/device-authorizations.ts';
import styles from './device.module.css';

/** Step 2: which client asks, and Approve or Deny. */
export function DeviceRequestCard({
  request,
  deciding,
  refusal,
  onDecide,
  onOtherCode,
}: {
  request: DeviceAuthorizationResponse;
  /** The decision being sent, if any. */
  deciding: DeviceDecision | null;
  /** Why the server refused the decision (e.g. the code expired meanwhile). */
  refusal: string | null;
  onDecide: (decision: DeviceDecision) => void;
  onOtherCode: () => void;
}) {
  const headingRef = useRef<HTMLParagraphElement>(null);
  // Keyboard and screen-reader users land on the question, not back at the top of the page.
  useEffect(() => headingRef.current?.focus(), []);
  const busy = deciding !== null;
  return (
    <Card title="Sign in this client?">
      <p ref={headingRef} tabIndex={-1} className={styles.client} data-testid="device-client">
        {request.clientName}
      </p>
      <p className={styles.lead}>
        asks to sign in to your account with the code <span className={styles.code}>{request.userCode}</span>.
        Approve only if you started this sign-in yourself and the client shows the same code.
      </p>
      <dl className={`${facts.labelled} ${styles.facts}`}>
        <div>
          <dt>Asked at</dt>
          <dd>
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Asked from</dt>
          <dd>{request.requestedFrom ?? 'Not known'}</dd>
        </div>
        <div>
          <dt>Expires at</dt>
          <dd>
            <time dateTime={request.expiresAt}>{formatDateTime(request.expiresAt)}</time>
          </dd>
        </div>
      </dl>
      <p className={styles.warning} data-testid="device-warning">
        {DEVICE_APPROVAL_WARNING}
      </p>
      {refusal ? (
        <p role="alert" className={styles.refusal}>
          {refusal}
        </p>
      ) : null}
      <div className={`${wrapRow.gap3} ${wrapRow.fullWidthOnPhones}`}>
        <Button onClick={() => onDecide('approve')} loading={deciding === 'approve'} disabled={busy}>
          Approve
        </Button>
        <Button
          variant="danger"
          onClick={() => onDecide('deny')}
          loading={deciding === 'deny'}
          disabled={busy}
        >
          Deny
        </Button>
        <Button variant="ghost" onClick={onOtherCode} disabled={busy}>
          Enter another code
        </Button>
      </div>
    </Card>
  );
}
