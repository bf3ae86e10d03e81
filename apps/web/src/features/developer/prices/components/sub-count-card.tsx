import type { PriceResponse } from '@ember/contracts/catalog';
import { useState } from 'react';
import { FactList } from '../../../../components/info-card/fact-list.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { LoadError } from '../../../../components/ui/load-error/load-error.tsx';
import { formatLongDateTimeWithZone } from '../../../../lib/format/dates.ts';
import { formatCount } from '../../../../lib/format/money.ts';
import { usePriceSubCount } from '../api/get-price-sub-count.ts';
import { useRemoveSlots } from '../api/remove-slots.ts';
import { REMOVE_SLOTS_QUESTION } from '../utils/messages.ts';

const NA = 'N/A';

/**
 * Spec §2 Sub Count Information: Slots, Slots occupied, Actual Sub Count, Slots full, Sub
 * Count/Slots hidden, Next expiring sub; N/A without slots, and Remove slots only when there are.
 */
export function SubCountCard({ price }: { price: PriceResponse }) {
  const subCount = usePriceSubCount(price.id);
  const removeSlots = useRemoveSlots();
  const [asking, setAsking] = useState(false);
  const count = subCount.data;
  const hasSlots = count ? count.slots !== null : price.slots !== null;
  const slotFact = (value: () => string) => (!count ? '…' : hasSlots ? value() : NA);

  return (
    <Card
      title="Sub Count Information"
      actions={
        hasSlots ? (
          <Button size="sm" variant="danger" onClick={() => setAsking(true)}>
            Remove slots
          </Button>
        ) : null
      }
    >
      {subCount.isError && !count ? (
        <LoadError
          what="the sub count"
          onRetry={() => void subCount.refetch()}
          retrying={subCount.isFetching}
        />
      ) : (
        <FactList
          facts={[
            {
              label: 'Slots',
              value: slotFact(() => formatCount(count?.slots ?? 0)),
              emphasis: true,
              testId: 'slots',
            },
            {
              label: 'Slots occupied',
              value: slotFact(() => `${Math.round((count?.occupancy ?? 0) * 100)}%`),
              testId: 'slots-occupied',
            },
            {
              label: 'Actual Sub Count',
              value: count ? formatCount(count.subCount ?? 0) : '…',
              emphasis: true,
              testId: 'actual-sub-count',
            },
            {
              label: 'Slots full',
              value: slotFact(() => (count?.full ? 'Yes' : 'No')),
              testId: 'slots-full',
            },
            {
              label: 'Sub Count/Slots hidden',
              value: slotFact(() => (count?.hidden ? 'Yes' : 'No')),
              testId: 'sub-count-hidden',
            },
            {
              label: 'Next expiring sub',
              value: !count ? '…' : count.expiring ? formatLongDateTimeWithZone(count.expiring) : NA,
              testId: 'next-expiring',
            },
          ]}
        />
      )}
      <ConfirmDialog
        open={asking}
        title="Remove slots"
        message={REMOVE_SLOTS_QUESTION}
        confirmLabel="Remove slots"
        destructive
        confirming={removeSlots.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => removeSlots.mutate(price.id, { onSettled: () => setAsking(false) })}
      />
    </Card>
  );
}
