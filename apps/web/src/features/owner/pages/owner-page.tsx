import { Page } from '../../../components/page/page.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import stack from '../../../styles/stack.module.css';
import { ExportsCard } from '../components/exports-card.tsx';
import { PayoutsTableCard } from '../components/payouts-table-card.tsx';

/** /owner (OWNER; others go to /account): the CSV exports and developer payouts (spec §2 Owner dashboard). */
export default function OwnerPage() {
  useDocumentTitle('Owner Panel');
  return (
    <Page
      eyebrow="Owner"
      title="Owner Panel"
      description="Export every balance and the pending payouts, and pay developers: confirm each payout with its transfer reference."
    >
      <div className={stack.gap6}>
        <ExportsCard />
        <PayoutsTableCard />
      </div>
    </Page>
  );
}
