import type { PlanPrice } from '@ember/contracts/catalog';
import { giftQuery } from '@ember/contracts/subscriptions';
import { type FormEvent, useState } from 'react';
import { GiftIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { TextField } from '../../../components/ui/text-field/text-field.tsx';
import { notify } from '../../../components/ui/toast/notify.ts';
import { creditsLabel } from '../utils/price-display.ts';
import styles from './gift-dialog.module.css';

/** The receiver's Discord id as the server checks it: blank (after trimming) or malformed is refused. */
export function checkGiftReceiver(
  raw: string,
): { ok: true; discordId: string } | { ok: false; message: string } {
  const parsed = giftQuery.shape.discordId.safeParse(raw);
  if (parsed.success) return { ok: true, discordId: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
}

interface GiftDialogProps {
  open: boolean;
  planName: string;
  price: PlanPrice;
  /** What the giver is expected to pay (display only). */
  total: number;
  discountCode: string | null;
  sending: boolean;
  onSend: (discordId: string) => void;
  onClose: () => void;
}

/** Gift: who receives the plan, what it costs, and the confirm button. */
export function GiftDialog({
  open,
  planName,
  price,
  total,
  discountCode,
  sending,
  onSend,
  onClose,
}: GiftDialogProps) {
  const [receiver, setReceiver] = useState('');
  const [error, setError] = useState<string | null>(null);

  function send() {
    if (sending) return;
    const check = checkGiftReceiver(receiver);
    if (!check.ok) {
      setError(check.message);
      void notify.error(check.message);
      return;
    }
    setError(null);
    onSend(check.discordId);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send();
  }

  return (
    <Modal
      open={open}
      onClose={sending ? () => {} : onClose}
      disableOverlayClose={sending}
      title={`Gift ${planName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button onClick={send} loading={sending} icon={<GiftIcon size={18} />}>
            Send gift
          </Button>
        </>
      }
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <dl className={styles.summary}>
          <div>
            <dt>Option</dt>
            <dd>{price.name}</dd>
          </div>
          <div>
            <dt>You pay</dt>
            <dd className={styles.total}>{creditsLabel(total)}</dd>
          </div>
          {discountCode ? (
            <div>
              <dt>Discount code</dt>
              <dd className={styles.code}>{discountCode}</dd>
            </div>
          ) : null}
        </dl>
        <TextField
          label="Receiver's Discord ID"
          mono
          value={receiver}
          onChange={(event) => {
            setReceiver(event.target.value);
            setError(null);
          }}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 314159265358979309"
          maxLength={32}
          disabled={sending}
          error={error}
          hint="The receiver must have logged in to the store once. The credits come from your balance."
        />
      </form>
    </Modal>
  );
}
