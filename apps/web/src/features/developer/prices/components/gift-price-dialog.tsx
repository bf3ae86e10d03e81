import type { PriceResponse } from '@ember/contracts/catalog';
import { type DialogControl, FormDialog } from '../../../../components/form/form-dialog.tsx';
import styles from '../../../../components/form/form-layout.module.css';
import {
  type GiftReceiver,
  giftReceiverForm,
  ReceiverDiscordIdField,
} from '../../../../components/form/receiver-discord-id-field.tsx';
import { useContractForm } from '../../../../components/form/use-contract-form.ts';
import { GiftIcon } from '../../../../components/icons/icons.tsx';
import { creditsCount } from '../../../../lib/format/money.ts';
import { useGiftPrice } from '../api/gift-price.ts';

/** Gift price (spec §2): the price for another account, paid from the giver's credits; the toast names the price. */
export function GiftPriceDialog({ price, ...dialog }: DialogControl & { price: PriceResponse }) {
  const form = useContractForm(giftReceiverForm, { defaultValues: { discordId: '' } });
  const gift = useGiftPrice(price.name);
  const cost = price.finalPrice ?? price.price;

  return (
    <FormDialog
      {...dialog}
      title={`Gift ${price.name}`}
      submitLabel="Send gift"
      submitIcon={<GiftIcon size={18} />}
      form={form}
      emptyValues={{ discordId: '' }}
      onSubmit={({ discordId }) => gift.mutateAsync({ discordId, priceId: price.id })}
      pending={gift.isPending}
    >
      <p className={styles.note}>
        {cost === 0 ? 'This price is free.' : `${creditsCount(cost)} will be taken from your balance.`} A gift
        cannot be taken back.
      </p>
      <ReceiverDiscordIdField<GiftReceiver> name="discordId" />
    </FormDialog>
  );
}
