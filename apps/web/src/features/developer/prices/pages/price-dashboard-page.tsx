import type { PriceResponse } from '@ember/contracts/catalog';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { AccessListCard } from '../../../../components/access-list-card/access-list-card.tsx';
import { DeveloperBreadcrumbs } from '../../../../components/developer-breadcrumbs/developer-breadcrumbs.tsx';
import { GiftIcon } from '../../../../components/icons/icons.tsx';
import styles from '../../../../components/page/dashboard-layout.module.css';
import { Page } from '../../../../components/page/page.tsx';
import { PagePending } from '../../../../components/page/page-pending.tsx';
import { Button } from '../../../../components/ui/button/button.tsx';
import { paths, WRONG_ROLE_HOME } from '../../../../config/paths.ts';
import { useDocumentTitle } from '../../../../hooks/use-document-title.ts';
import { useManages } from '../../../../hooks/use-manages.ts';
import { usePlan } from '../../../../lib/plans/get-plan.ts';
import { parseIdParam } from '../../../../lib/route-params.ts';
import stack from '../../../../styles/stack.module.css';
import { useDeveloperPrice } from '../api/get-price.ts';
import { AttachedPluginsCard } from '../components/attached-plugins-card.tsx';
import { DiscountCodesCard } from '../components/discount-codes-card.tsx';
import { GiftPriceDialog } from '../components/gift-price-dialog.tsx';
import { PriceInfoCard } from '../components/price-info-card.tsx';
import { PriceSubscriptionsCard } from '../components/price-subscriptions-card.tsx';
import { StatisticsCard } from '../components/statistics-card.tsx';
import { SubCountCard } from '../components/sub-count-card.tsx';
import { TimeManagementCard } from '../components/time-management-card.tsx';

function PriceDashboard({ price, planName }: { price: PriceResponse; planName: string }) {
  useDocumentTitle(`${price.name} · ${planName}`);
  const navigate = useNavigate();
  const [gifting, setGifting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const planHref = paths.developerPlan.getHref(price.planId);

  return (
    <Page
      above={<DeveloperBreadcrumbs trail={[{ label: planName, to: planHref }, { label: price.name }]} />}
      eyebrow={planName}
      title={price.name}
      description={`Subscribers, slots, plugins and discount codes of price #${price.id}.`}
      actions={
        <Button variant="secondary" icon={<GiftIcon size={18} />} onClick={() => setGifting(true)}>
          Gift
        </Button>
      }
    >
      <div className={stack.gap6}>
        <div className={styles.grid}>
          <div className={styles.main}>
            <PriceInfoCard price={price} onDeleted={() => navigate(planHref, { replace: true })} />
            <SubCountCard price={price} />
          </div>
          <div className={styles.side}>
            <StatisticsCard price={price} />
            <TimeManagementCard priceId={price.id} selected={selected} />
          </div>
        </div>
        <PriceSubscriptionsCard priceId={price.id} selected={selected} onSelectedChange={setSelected} />
        <AttachedPluginsCard priceId={price.id} />
        <div className={styles.grid}>
          <div className={styles.main}>
            <DiscountCodesCard priceId={price.id} />
          </div>
          <div className={styles.side}>
            <AccessListCard owner={{ level: 'price', id: price.id }} list="whitelist" />
            <AccessListCard owner={{ level: 'price', id: price.id }} list="blacklist" />
          </div>
        </div>
      </div>
      <GiftPriceDialog price={price} open={gifting} onClose={() => setGifting(false)} />
    </Page>
  );
}

/**
 * /developer/plan/{planId}/price/{priceId} (spec §2): both params read as numbers; the price's
 * owner or an admin may stay, anyone else goes to /account.
 */
export default function PriceDashboardPage() {
  const params = useParams();
  const planId = parseIdParam(params.planId);
  const priceId = parseIdParam(params.priceId);
  const price = useDeveloperPrice(priceId);
  const plan = usePlan(price.data && price.data.planId === planId ? planId : null);
  const { manages } = useManages(price.data?.ownerId);
  if (planId === null || priceId === null || price.isError) return <Navigate to={WRONG_ROLE_HOME} replace />;
  if (!price.data) return <PagePending label="Loading the price" />;
  if (!manages || price.data.planId !== planId) return <Navigate to={WRONG_ROLE_HOME} replace />;
  if (plan.isError) return <Navigate to={WRONG_ROLE_HOME} replace />;
  if (!plan.data) return <PagePending label="Loading the price" />;
  return <PriceDashboard price={price.data} planName={plan.data.name} />;
}
