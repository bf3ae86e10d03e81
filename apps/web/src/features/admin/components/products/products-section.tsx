import type { ProductResponse } from '@ember/contracts/commerce';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button/button.tsx';
import { Card } from '../../../../components/ui/card/card.tsx';
import { buttonColumn, nameColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { StatusBadge } from '../../../../components/ui/status-badge/status-badge.tsx';
import { formatCredits } from '../../../../lib/format/money.ts';
import { PAYMENT_PROCESSOR_LABEL } from '../../../../lib/format/payment-processors.ts';
import { unitPriceLabel } from '../../../../lib/format/product-units.ts';
import { useAllProducts } from '../../api/admin-products-list.ts';
import { BulkDiscountsDialog } from './bulk-discounts-dialog.tsx';
import { EditProductDialog } from './edit-product-dialog.tsx';
import styles from './products.module.css';

type Opened = { product: ProductResponse; dialog: 'edit' | 'bulk' } | null;

const limitsOf = (product: ProductResponse) =>
  product.maximumPurchase === null
    ? `${formatCredits(product.minimumPurchase)}+`
    : `${formatCredits(product.minimumPurchase)}–${formatCredits(product.maximumPurchase)}`;

const tiersLabel = (count: number) => (count === 0 ? 'None' : count === 1 ? '1 tier' : `${count} tiers`);

function columnsOf(open: (opened: NonNullable<Opened>) => void): DataTableColumn<ProductResponse>[] {
  return [
    nameColumn(
      'name',
      'Product',
      (product) => product.name,
      (product) => (
        <span className={styles.name}>
          {product.name}
          <span className={styles.sub}>
            #{product.id} · {product.kind}
          </span>
          {product.enabled ? null : (
            <StatusBadge tone="expired" status="disabled">
              Disabled
            </StatusBadge>
          )}
        </span>
      ),
    ),
    {
      id: 'processor',
      header: 'Processor',
      sortValue: (product) => product.paymentProcessor,
      cell: (product) => PAYMENT_PROCESSOR_LABEL[product.paymentProcessor],
    },
    {
      id: 'price',
      header: 'Price per unit',
      align: 'end',
      cell: (product) => <span className={styles.nowrap}>{unitPriceLabel(product)}</span>,
    },
    { id: 'limits', header: 'Purchase', align: 'end', cell: limitsOf },
    {
      id: 'stock',
      header: 'Stock',
      align: 'end',
      cell: (product) => (product.stock === null ? '∞' : formatCredits(product.stock)),
    },
    { id: 'discount', header: 'Discount', align: 'end', cell: (product) => `${product.discountPercent}%` },
    {
      id: 'bulk',
      header: 'Bulk discounts',
      cell: (product) => (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => open({ product, dialog: 'bulk' })}
          aria-label={`Bulk discounts of ${product.name}`}
        >
          {tiersLabel(product.bulkDiscounts.length)}
        </Button>
      ),
    },
    buttonColumn('actions', 'Edit', {
      onClick: (product) => open({ product, dialog: 'edit' }),
      label: (product) => `Edit ${product.name}`,
    }),
  ];
}

/** Products (spec §2 Admin dashboard, §7 PUT /products/{id}): every product, disabled ones too. */
export default function ProductsSection() {
  const products = useAllProducts();
  const [opened, setOpened] = useState<Opened>(null);
  const columns = useMemo(() => columnsOf(setOpened), []);
  const close = () => setOpened(null);

  return (
    <Card title="Products">
      <p className={styles.intro}>
        Orders keep the price they were placed at; an edit applies to new orders. Prices are in cents for EUR
        and in whole GP for GP.
      </p>
      <QueryTable
        query={products}
        what="the products"
        label="Products"
        columns={columns}
        getRowKey={(product) => product.id}
        empty="No products yet."
        defaultSort={{ columnId: 'name', direction: 'asc' }}
        defaultPageSize={25}
      />
      {opened?.dialog === 'edit' ? <EditProductDialog product={opened.product} open onClose={close} /> : null}
      {opened?.dialog === 'bulk' ? (
        <BulkDiscountsDialog product={opened.product} open onClose={close} />
      ) : null}
    </Card>
  );
}
