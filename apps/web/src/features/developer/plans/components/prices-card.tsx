import {
  type PlanPrice,
  PRICE_CREATED_MESSAGE,
  type PriceResponse,
  type SubCount,
} from '@ember/contracts/catalog';
import { useState } from 'react';
import { Link } from 'react-router';
import { priceBodyOf } from '../../../../components/price-form/price-form.ts';
import { useUpdatePrice } from '../../../../components/price-form/save-price.ts';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import {
  buttonsColumn,
  nameColumn,
  type RowButtonSpec,
} from '../../../../components/ui/data-table/columns.tsx';
import tableStyles from '../../../../components/ui/data-table/data-table.module.css';
import { DataTable, type DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { VisibilityBadges } from '../../../../components/visibility-badges/visibility-badges.tsx';
import { paths } from '../../../../config/paths.ts';
import { creditsLabel, formatCount } from '../../../../lib/format/money.ts';
import { periodLabel } from '../../../../lib/format/periods.ts';
import { usePlanSubCounts } from '../../../../lib/plans/get-plan-sub-counts.ts';
import spreadRow from '../../../../styles/spread-row.module.css';
import { CreatePriceDialog } from './create-price-dialog.tsx';
import styles from './prices-card.module.css';

/** 'N / M' with slots, 'N' without. */
function subCountLabel(count: SubCount | undefined): string {
  if (!count) return '…';
  const subs = count.subCount ?? 0;
  return count.slots === null ? formatCount(subs) : `${formatCount(subs)} / ${formatCount(count.slots)}`;
}

/**
 * Said where a new price appears: 'Price created!' (spec §8), that buyers cannot see it yet (it
 * starts disabled and hidden, spec §4), and the one press that enables and shows it. Once it is on
 * sale (from here or from its row), it says so.
 */
function PriceCreatedNotice({
  price,
  onChanged,
  onDismiss,
}: {
  price: PriceResponse;
  onChanged: (price: PriceResponse) => void;
  onDismiss: () => void;
}) {
  const publish = useUpdatePrice({ quiet: true });
  const onSale = price.enabled && !price.hidden;
  return (
    <div className={`${spreadRow.spreadRow} ${styles.created}`} role="status" data-testid="price-created">
      <p className={styles.createdText}>
        <strong>{PRICE_CREATED_MESSAGE}</strong>{' '}
        {onSale
          ? `“${price.name}” is enabled and shown: buyers can see and buy it now.`
          : `Buyers cannot see “${price.name}” yet: new prices start disabled and hidden.`}
      </p>
      <span className={styles.createdActions}>
        {onSale ? null : (
          <Button
            size="sm"
            loading={publish.isPending}
            onClick={() =>
              publish.mutate(
                { ...priceBodyOf(price), enabled: true, hidden: false },
                { onSuccess: onChanged },
              )
            }
          >
            Enable and show
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onDismiss} disabled={publish.isPending}>
          Dismiss
        </Button>
      </span>
    </div>
  );
}

/** Spec §2 Plan dashboard: every price of the plan with its sub count, Create price, show / enable switches. */
export function PricesCard({ planId, prices }: { planId: number; prices: readonly PlanPrice[] }) {
  const [creating, setCreating] = useState(false);
  /** The new price as the server last answered for it (created, then switched here or from its row). */
  const [created, setCreated] = useState<PriceResponse | null>(null);
  const changed = (price: PriceResponse) =>
    setCreated((current) => (current?.id === price.id ? price : current));
  const subCounts = usePlanSubCounts(planId);
  const update = useUpdatePrice({ quiet: true });
  const countOf = (priceId: number) => subCounts.data?.find((count) => count.priceId === priceId);
  const busy = (price: PlanPrice, field: 'enabled' | 'hidden') =>
    update.isPending && update.variables?.priceId === price.id && update.variables[field] !== price[field];

  /** Flips the price's `field`, saying what it will do (Show / Hide, Enable / Disable). */
  const toggleButton = (
    field: 'enabled' | 'hidden',
    text: (price: PlanPrice) => string,
  ): RowButtonSpec<PlanPrice> => ({
    text,
    loading: (price) => busy(price, field),
    onClick: (price) =>
      update.mutate({ ...priceBodyOf(price), [field]: !price[field] }, { onSuccess: changed }),
    label: (price) => `${text(price)} ${price.name}`,
  });

  const columns: DataTableColumn<PlanPrice>[] = [
    nameColumn(
      'name',
      'Name',
      (price) => price.name,
      (price) => (
        <Link to={paths.developerPrice.getHref(planId, price.id)} className={tableStyles.nameLink}>
          {price.name}
        </Link>
      ),
    ),
    { id: 'period', header: 'Period', cell: (price) => periodLabel(price.period) },
    {
      id: 'price',
      header: 'Price',
      align: 'end',
      sortValue: (price) => price.price,
      cell: (price) => creditsLabel(price.price),
    },
    {
      id: 'subs',
      header: 'Subscribers',
      align: 'end',
      sortValue: (price) => countOf(price.id)?.subCount ?? 0,
      cell: (price) => <span data-testid={`sub-count-${price.id}`}>{subCountLabel(countOf(price.id))}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (price) => <VisibilityBadges hidden={price.hidden} enabled={price.enabled} />,
    },
    buttonsColumn('actions', 'Actions', styles.actions, {
      hidden: toggleButton('hidden', (price) => (price.hidden ? 'Show' : 'Hide')),
      enabled: toggleButton('enabled', (price) => (price.enabled ? 'Disable' : 'Enable')),
    }),
  ];

  return (
    <Card title="Prices" action={{ text: 'Create price', onClick: () => setCreating(true) }}>
      {created ? (
        <PriceCreatedNotice price={created} onChanged={changed} onDismiss={() => setCreated(null)} />
      ) : null}
      <DataTable
        label="Prices"
        columns={columns}
        rows={prices}
        getRowKey={(price) => price.id}
        empty="No prices yet. Create one: it starts disabled and hidden until you enable and show it."
      />
      <CreatePriceDialog
        planId={planId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={setCreated}
      />
    </Card>
  );
}
