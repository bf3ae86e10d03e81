import type { DiscountCodeResponse } from '@ember/contracts/discount-codes';
import { useState } from 'react';
import { Card } from '../../../../components/ui/card/card.tsx';
import { buttonColumn, DateTimeCell, nameColumn } from '../../../../components/ui/data-table/columns.tsx';
import type { DataTableColumn } from '../../../../components/ui/data-table/data-table.tsx';
import { QueryTable } from '../../../../components/ui/data-table/query-table.tsx';
import { StatusBadge } from '../../../../components/ui/status-badge/status-badge.tsx';
import { formatCount } from '../../../../lib/format/money.ts';
import { useDiscountCodes } from '../api/discount-codes.ts';
import { DiscountCodeDialog } from './discount-code-dialog.tsx';
import styles from './discount-codes-card.module.css';

/** Spec §2 Create Discount Code and Discount Codes: one page, an edit button per row. */
export function DiscountCodesCard({ priceId }: { priceId: number }) {
  const codes = useDiscountCodes(priceId);
  const [dialog, setDialog] = useState<{ code: DiscountCodeResponse | null } | null>(null);
  const now = Date.now();

  const columns: DataTableColumn<DiscountCodeResponse>[] = [
    nameColumn(
      'code',
      'Code',
      (code) => code.id,
      (code) => <span className={styles.code}>{code.id}</span>,
    ),
    {
      id: 'percent',
      header: 'Discount',
      align: 'end',
      sortValue: (code) => code.discountPercent,
      cell: (code) => `${code.discountPercent}%`,
    },
    {
      id: 'uses',
      header: 'Uses',
      align: 'end',
      cell: (code) => `${formatCount(code.uses)} / ${code.maxUses === 0 ? '∞' : formatCount(code.maxUses)}`,
    },
    {
      id: 'validUntil',
      header: 'Valid until',
      sortValue: (code) =>
        code.validUntil === null ? Number.POSITIVE_INFINITY : Date.parse(code.validUntil),
      cell: (code) => (code.validUntil === null ? 'No end date' : <DateTimeCell iso={code.validUntil} />),
    },
    {
      id: 'state',
      header: 'State',
      cell: (code) => {
        const expired = code.validUntil !== null && Date.parse(code.validUntil) <= now;
        const usedUp = code.maxUses > 0 && code.uses >= code.maxUses;
        const [tone, label] = !code.enabled
          ? (['expired', 'Disabled'] as const)
          : expired
            ? (['expired', 'Expired'] as const)
            : usedUp
              ? (['pending', 'Used up'] as const)
              : (['success', 'Active'] as const);
        return (
          <StatusBadge tone={tone} status={label}>
            {label}
          </StatusBadge>
        );
      },
    },
    buttonColumn('edit', 'Edit', {
      onClick: (code) => setDialog({ code }),
      label: (code) => `Edit ${code.id}`,
    }),
  ];

  return (
    <Card title="Discount Codes" action={{ text: 'Create', onClick: () => setDialog({ code: null }) }}>
      <QueryTable
        query={codes}
        what="the discount codes"
        label="Discount codes"
        columns={columns}
        getRowKey={(code) => code.id}
        singlePage
        empty="No discount codes yet."
      />
      <DiscountCodeDialog
        priceId={priceId}
        code={dialog?.code ?? null}
        open={dialog !== null}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
