import styles from '../../components/page/dashboard-layout.module.css';
import { Page } from '../../components/page/page.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs/breadcrumbs.tsx';
import { paths } from '../../config/paths.ts';
import { EarningsCard } from '../../features/developer/earnings/components/earnings-card.tsx';
import { MonthlyChartsCard } from '../../features/developer/earnings/components/monthly-charts-card.tsx';
import { PayoutsCard } from '../../features/developer/earnings/components/payouts-card.tsx';
import { PlansCard } from '../../features/developer/plans/components/plans-card.tsx';
import { RepositoriesCard } from '../../features/developer/repositories/components/repositories-card.tsx';
import { SigningKeysCard } from '../../features/developer/signing-keys/components/signing-keys-card.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** /developer (developers; others go to /account): the developer's cockpit (spec §2 Developer dashboard). */
export default function DeveloperPage() {
  useDocumentTitle('Developer Dashboard');
  return (
    <Page
      above={
        <Breadcrumbs
          items={[{ label: 'Home', to: paths.home.getHref() }, { label: 'Developer Dashboard' }]}
        />
      }
      eyebrow="Dev Panel"
      title="Developer Dashboard"
      description="Your plans, repositories, signing keys, earnings and payouts."
    >
      <div className={styles.grid}>
        <div className={styles.side}>
          <EarningsCard />
        </div>
        {/* The payouts table needs the main column's width: in the side column it was clipped. */}
        <div className={styles.main}>
          <PayoutsCard />
          <MonthlyChartsCard />
          <PlansCard />
          <RepositoriesCard />
          <SigningKeysCard />
        </div>
      </div>
    </Page>
  );
}
