import type { PriceResponse } from '@ember/contracts/catalog';
import { giftQuery } from '@ember/contracts/subscriptions';
import { useId } from 'react';
import type { z } from 'zod';
import { Form } from '../../../components/form/form.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { GiftIcon } from '../../../components/icons/icons.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Modal } from '../../../components/ui/modal/modal.tsx';
import { creditsCount } from '../../../lib/format/money.ts';
import { useGiftPrice } from '../api/gift-price.ts';
import styles from './developer-forms.module.css';

const giftForm = giftQuery.pick({ discordId: true });
type GiftInput = z.input<typeof giftForm>;

/** Gift price (spec §2): the price for another account, paid from the giver's credits; the toast names the price. */
export function GiftPriceDialog({
  price,
  open,
  onClose,
}: {
  price: PriceResponse;
  open: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const form = useContractForm(giftForm, { defaultValues: { discordId: '' } });
  const gift = useGiftPrice(price.name);
  const cost = price.finalPrice ?? price.price;

  function close() {
    form.reset({ discordId: '' });
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={gift.isPending ? () => {} : close}
      disableOverlayClose={gift.isPending}
      title={`Gift ${price.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={gift.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={gift.isPending} icon={<GiftIcon size={18} />}>
            Send gift
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        form={form}
        onSubmit={async ({ discordId }) => {
          await gift.mutateAsync({ discordId, priceId: price.id });
          close();
        }}
      >
        <div className={styles.fields}>
          <p className={styles.note}>
            {cost === 0 ? 'This price is free.' : `${creditsCount(cost)} will be taken from your balance.`} A
            gift cannot be taken back.
          </p>
          <FormTextField<GiftInput>
            name="discordId"
            label="Receiver's Discord ID"
            mono
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. 314159265358979309"
            maxLength={32}
          />
        </div>
      </Form>
    </Modal>
  );
}
