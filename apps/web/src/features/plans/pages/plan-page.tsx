import type { PlanDetail, PlanPrice, SubCount } from '@ember/contracts/catalog';
import { parsePlanId } from '@ember/contracts/page-routes';
import { markdownToPlainText, truncateText, withoutLeadingTitle } from '@ember/contracts/plain-text';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ExternalLinkIcon } from '../../../components/icons/icons.tsx';
import { Page } from '../../../components/page/page.tsx';
import { RatingLine } from '../../../components/rating/rating-line.tsx';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs/breadcrumbs.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { LazyMarkdown } from '../../../components/ui/markdown/lazy-markdown.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { usePlan } from '../../../lib/plans/get-plan.ts';
import { usePlanSubCounts } from '../../../lib/plans/get-plan-sub-counts.ts';
import { useMySubscriptions } from '../../../lib/subscriptions/my-subscriptions.ts';
import { planHolding } from '../../../lib/subscriptions/plan-holding.ts';
import { GiftDialog } from '../components/gift-dialog.tsx';
import { IncludedPlugins } from '../components/included-plugins.tsx';
import { PlanMedia } from '../components/plan-media.tsx';
import { PluginShowcases } from '../components/plugin-showcases.tsx';
import { PurchaseConfirmDialog } from '../components/purchase-confirm-dialog.tsx';
import { PurchasePanel } from '../components/purchase-panel.tsx';
import { PlanReviews } from '../components/reviews/plan-reviews.tsx';
import { useCheckout } from '../hooks/use-checkout.ts';
import { useDocumentMeta } from '../hooks/use-document-meta.ts';
import { useKeptCheckout } from '../hooks/use-kept-checkout.ts';
import { slotDisplay } from '../utils/price-display.ts';
import styles from './plan-page.module.css';

const crumbs = (name: string) => [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'Plugins', to: paths.shop.getHref() },
  { label: name },
];

function PlanDetails({ plan, subCounts }: { plan: PlanDetail; subCounts: readonly SubCount[] | undefined }) {
  const description = withoutLeadingTitle(plan.description, plan.name);
  useDocumentTitle(plan.name);
  useDocumentMeta({
    description: truncateText(markdownToPlainText(description)),
    keywords: [...plan.tags, ...plan.labels.map((label) => label.name)].join(', '),
  });

  const slotOf = (price: PlanPrice) =>
    slotDisplay(
      price,
      subCounts?.find((count) => count.priceId === price.id),
    );
  const auth = useAuth();
  // A guest's choice before signing in comes back with them (issue 26 item 3).
  const kept = useKeptCheckout(useLocation().pathname, auth.status === 'authenticated');
  const [chosenId, setChosenId] = useState<number | null>(kept?.priceId ?? null);
  const selectable = plan.prices.filter((price) => slotOf(price).state !== 'full');
  const selected = selectable.find((price) => price.id === chosenId) ?? selectable[0] ?? null;
  const checkout = useCheckout(plan);
  const mySubscriptions = useMySubscriptions({ enabled: auth.status === 'authenticated' });
  const holding = planHolding(mySubscriptions.data, plan.id, new Date());

  return (
    <Page
      above={<Breadcrumbs items={crumbs(plan.name)} />}
      eyebrow="Plugin"
      title={plan.name}
      description={
        <>
          by{' '}
          <Link to={paths.developerProfile.getHref(plan.ownerId)} className={styles.developer}>
            {plan.ownerName}
          </Link>
          {' · '}
          <RatingLine as="span" average={plan.ratingAverage} count={plan.ratingCount} />
        </>
      }
      actions={
        plan.forumLink ? (
          <Button
            href={plan.forumLink}
            variant="secondary"
            trailingIcon={<ExternalLinkIcon size={16} />}
            aria-label="Info: forum thread (opens in a new tab)"
          >
            Info
          </Button>
        ) : undefined
      }
    >
      <div className={styles.layout}>
        <div className={styles.media}>
          <PlanMedia plan={plan} />
        </div>
        <aside className={styles.panel} aria-label="Purchase">
          <PurchasePanel
            prices={plan.prices}
            slotOf={slotOf}
            selected={selected}
            onSelect={setChosenId}
            onCheckout={checkout.start}
            pending={checkout.pending}
            holding={holding}
            kept={checkout.sold ? null : kept}
          />
          {checkout.purchaseRequest ? (
            <PurchaseConfirmDialog
              planName={plan.name}
              request={checkout.purchaseRequest}
              holding={holding}
              buying={checkout.pending === 'purchase'}
              onConfirm={checkout.confirmPurchase}
              onCancel={checkout.cancelPurchase}
            />
          ) : null}
          {checkout.giftRequest ? (
            <GiftDialog
              open
              planName={plan.name}
              price={checkout.giftRequest.price}
              total={checkout.giftRequest.total}
              discountCode={checkout.giftRequest.discountCode}
              sending={checkout.pending === 'gift'}
              onSend={checkout.sendGift}
              onClose={checkout.closeGift}
            />
          ) : null}
        </aside>
        <div className={styles.about}>
          <Card title="About this plugin">
            <LazyMarkdown>{description}</LazyMarkdown>
          </Card>
          <IncludedPlugins price={selected} />
          <PluginShowcases plugins={plan.plugins} />
          <PlanReviews planId={plan.id} />
        </div>
      </div>
    </Page>
  );
}

function PlanView({ planId }: { planId: number }) {
  const navigate = useNavigate();
  const plan = usePlan(planId);
  const subCounts = usePlanSubCounts(planId);

  // Spec §2 / §8: a plan that cannot be loaded sends the visitor back to the shop.
  useEffect(() => {
    if (plan.isError) navigate(paths.shop.getHref(), { replace: true });
  }, [plan.isError, navigate]);

  if (!plan.data) {
    return (
      <div className={styles.loading}>
        <Spinner size="lg" label="Loading plugin" />
      </div>
    );
  }
  return <PlanDetails plan={plan.data} subCounts={subCounts.data} />;
}

/** /shop/{id}: one plan, its options and the purchase box (spec §2 Plan page). */
export default function PlanPage() {
  const { id } = useParams();
  const planId = parsePlanId(id);
  if (planId === null) return <Navigate to={paths.shop.getHref()} replace />;
  return <PlanView key={planId} planId={planId} />;
}
