import { ConfirmDialog } from '../../../components/ui/confirm-dialog/confirm-dialog.tsx';
import { creditsLabel } from '../../../lib/format/money.ts';
import { type PlanHolding, planHoldingMessage } from '../../../lib/subscriptions/plan-holding.ts';
import type { CheckoutRequest } from './purchase-panel.tsx';

interface PurchaseConfirmDialogProps {
  planName: string;
  request: CheckoutRequest;
  holding: PlanHolding | null;
  buying: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The last step before credits are spent: the option and the total, and a warning when the buyer
 * already holds the plan (a second purchase is a second subscription, not a renewal).
 */
export function PurchaseConfirmDialog({
  planName,
  request,
  holding,
  buying,
  onConfirm,
  onCancel,
}: PurchaseConfirmDialogProps) {
  const total = creditsLabel(request.total);
  return (
    <ConfirmDialog
      open
      title={`Buy ${planName}?`}
      message={
        <>
          {holding ? (
            <strong data-testid="confirm-held">
              {planHoldingMessage(holding)} Buying again adds another subscription.{' '}
            </strong>
          ) : null}
          {request.total === 0
            ? `${request.price.name} is free.`
            : `${request.price.name}: ${total} will be taken from your balance.`}
        </>
      }
      confirmLabel={request.total === 0 ? 'Get it for free' : `Pay ${total}`}
      confirming={buying}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
