import { FactList } from '../../../../components/info-card/fact-list.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { LoadError } from '../../../../components/ui/load-error/load-error.tsx';
import { creditsCount } from '../../../../lib/format/money.ts';
import { useEarnings } from '../api/payouts.ts';

/** Earnings from the books: available, reserved by pending payouts, paid out, earned this month. */
export function EarningsCard() {
  const earnings = useEarnings();
  const data = earnings.data;
  return (
    <Card title="Earnings">
      {earnings.isError && !data ? (
        <LoadError
          what="your earnings"
          onRetry={() => void earnings.refetch()}
          retrying={earnings.isFetching}
        />
      ) : (
        <FactList
          layout="rows"
          facts={[
            {
              label: 'Available',
              value: data ? creditsCount(data.available) : '…',
              emphasis: true,
              testId: 'earnings-available',
            },
            {
              label: 'Reserved',
              value: data ? creditsCount(data.reserved) : '…',
              emphasis: true,
              testId: 'earnings-reserved',
            },
            {
              label: 'Paid out',
              value: data ? creditsCount(data.paidOut) : '…',
              testId: 'earnings-paid-out',
            },
            {
              label: 'Earned this month',
              value: data ? creditsCount(data.earnedThisMonth) : '…',
              testId: 'earnings-this-month',
            },
          ]}
        />
      )}
    </Card>
  );
}
