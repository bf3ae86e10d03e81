import type { AuditEventResponse } from '@ember/contracts/audit';
import { DetailFact, DetailFacts } from '../../../../components/detail-fact/detail-fact.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Modal } from '../../../../components/ui/modal/modal.tsx';
import { formatDateTime } from '../../../../lib/format/dates.ts';
import { ChangeDiff } from './change-diff.tsx';
import styles from './ledger.module.css';

/**
 * One audit event in full: its words, and the raw record behind them (the action code, the role
 * that allowed it, the target's kind and id, the request and the fields it changed).
 */
export function AuditEventDialog({ event, onClose }: { event: AuditEventResponse; onClose: () => void }) {
  return (
    <Modal
      open
      onClose={onClose}
      title={event.label}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <DetailFacts>
        <DetailFact label="When">
          <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
        </DetailFact>
        <DetailFact label="Actor">
          {event.actor ? `${event.actor.displayName || event.actor.username} #${event.actor.id}` : 'System'}
        </DetailFact>
        <DetailFact label="Role">
          <code className={styles.eventCode}>{event.actorRole}</code>
        </DetailFact>
        <DetailFact label="Action">
          <code className={styles.eventCode}>{event.action}</code>
        </DetailFact>
        <DetailFact label="Target">
          <code className={styles.eventCode}>
            {event.targetKind} {event.targetId}
          </code>
        </DetailFact>
        <DetailFact label="Event ID">
          <code className={styles.eventCode}>{event.id}</code>
        </DetailFact>
        <DetailFact label="Request ID" wide>
          {event.requestId ? <code className={styles.eventCode}>{event.requestId}</code> : 'None'}
        </DetailFact>
        <DetailFact label="IP address">
          {event.ip ? <code className={styles.eventCode}>{event.ip}</code> : 'None'}
        </DetailFact>
        <DetailFact label="Changes" wide>
          <ChangeDiff before={event.before} after={event.after} open />
        </DetailFact>
      </DetailFacts>
    </Modal>
  );
}
