import { DisplayName } from '../../../components/display-name/display-name.tsx';
import { CoinsIcon, PuzzleIcon } from '../../../components/icons/icons.tsx';
import { Page } from '../../../components/page/page.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useCurrentUser } from '../../../lib/users/current-user.ts';
import { AccountSectionIndex } from '../components/account-section-index.tsx';
import { AccountSummaryCard } from '../components/account-summary-card.tsx';
import { ClientTokensCard } from '../components/client-tokens-card.tsx';
import { GiftCreditsCard } from '../components/gift-credits-card.tsx';
import { NotificationsCard } from '../components/notifications-card.tsx';
import { OrderHistoryCard } from '../components/order-history-card.tsx';
import { SessionsCard } from '../components/sessions-card.tsx';
import { SubscriptionsCard } from '../components/subscriptions-card.tsx';
import { TransactionsCard } from '../components/transactions-card.tsx';
import { VipCard } from '../components/vip-card.tsx';
import styles from './account-page.module.css';

/** /account (requiresAuth): the signed-in user's dashboard (spec §2 Account dashboard). */
export default function AccountPage() {
  useDocumentTitle('My Account');
  const auth = useAuth();
  const account = useCurrentUser();
  const user = account.data ?? auth.user;
  if (!user) return null; // the route guard only renders this page for a signed-in user

  return (
    <Page
      title={
        <>
          {/* The heading reads 'My Account Casey Customer': the page's name, then whose it is. */}
          <span className={styles.eyebrow}>My Account</span>{' '}
          <DisplayName user={user} className={styles.name} />
        </>
      }
      description={`Signed in as ${user.username}. Your subscriptions, sessions, credits and orders.`}
      actions={
        <>
          <Button to={paths.shop.getHref()} variant="secondary" icon={<PuzzleIcon size={18} />}>
            Browse plugins
          </Button>
          <Button to={paths.products.getHref('credits')} icon={<CoinsIcon size={18} />}>
            Buy credits
          </Button>
        </>
      }
    >
      <AccountSectionIndex />
      <div className={styles.grid}>
        <div className={styles.column}>
          <div className={styles.summary} id="account-summary">
            <AccountSummaryCard
              account={account.data}
              failed={account.isError}
              retrying={account.isFetching}
              onRetry={() => void account.refetch()}
            />
          </div>
          <div className={styles.sessions} id="account-sessions">
            <SessionsCard userId={user.id} />
          </div>
          <div className={styles.sessions} id="account-devices">
            <ClientTokensCard />
          </div>
        </div>
        <div className={styles.column}>
          <div className={styles.vip} id="account-vip">
            <VipCard account={account.data} />
          </div>
          <div className={styles.gift} id="account-gift-credits">
            <GiftCreditsCard account={account.data} />
          </div>
          <div className={styles.gift} id="account-notifications">
            <NotificationsCard />
          </div>
        </div>
        <div className={styles.wide} id="account-subscriptions">
          <SubscriptionsCard />
        </div>
        <div className={styles.wide} id="account-transactions">
          <TransactionsCard />
        </div>
        <div className={styles.wide} id="account-orders">
          <OrderHistoryCard />
        </div>
      </div>
    </Page>
  );
}
