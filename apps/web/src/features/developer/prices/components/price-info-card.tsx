import type { PriceResponse } from '@ember/contracts/catalog';
import { useState } from 'react';
import { InfoCard } from '../../../../components/info-card/info-card.tsx';
import { VisibilityBadges } from '../../../../components/visibility-badges/visibility-badges.tsx';
import { creditsLabel, formatCount } from '../../../../lib/format/money.ts';
import { extraDaysLabel, periodLabel } from '../../../../lib/format/periods.ts';
import { EditPriceDialog } from './edit-price-dialog.tsx';

/** Spec §2 Price Information: the price's fields and Edit (with Delete inside). */
export function PriceInfoCard({ price, onDeleted }: { price: PriceResponse; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <InfoCard
      title="Price Information"
      onEdit={() => setEditing(true)}
      facts={[
        {
          label: 'Status',
          value: <VisibilityBadges hidden={price.hidden} enabled={price.enabled} />,
          testId: 'price-status',
        },
        { label: 'Period', value: periodLabel(price.period) },
        { label: 'Price', value: creditsLabel(price.price), emphasis: true },
        {
          label: 'After promo',
          value:
            price.finalPrice === null
              ? 'No promo'
              : `${creditsLabel(price.finalPrice)} (−${price.promoDiscountPercent}%)`,
        },
        { label: 'Promo extra days', value: extraDaysLabel(price.promoExtraDays) ?? 'None' },
        {
          label: 'Extension',
          value:
            price.extensionAllowed && price.extensionPrice !== null
              ? creditsLabel(price.extensionPrice)
              : 'Not offered',
        },
        { label: 'Slots', value: price.slots === null ? 'Unlimited' : formatCount(price.slots) },
        { label: 'Sub count shown', value: price.exposeSubCount ? 'Yes' : 'No' },
        { label: 'VIP only', value: price.vipOnly ? 'Yes' : 'No' },
      ]}
    >
      <EditPriceDialog
        price={price}
        open={editing}
        onClose={() => setEditing(false)}
        onDeleted={() => {
          setEditing(false);
          onDeleted();
        }}
      />
    </InfoCard>
  );
}
