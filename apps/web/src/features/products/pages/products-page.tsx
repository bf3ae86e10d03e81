import { NO_PRODUCTS_MESSAGE } from '@ember/contracts/commerce';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { Page } from '../../../components/page/page.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { PRODUCT_NAMES, type ProductName, paths } from '../../../config/paths.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useProducts } from '../api/get-products.ts';
import { OrderPlacedModal } from '../components/order-placed-modal.tsx';
import { PaymentConfirmDialog } from '../components/payment-confirm-dialog.tsx';
import { ProductResults, ProductResultsSkeleton } from '../components/product-results.tsx';
import { PurchaseModal } from '../components/purchase-modal.tsx';
import { useProductPurchase } from '../hooks/use-product-purchase.ts';
import styles from './products-page.module.css';

/** Page titles and what each page sells (spec §2: titled credits, GP and VIP). */
const PAGE_COPY: Record<ProductName, { title: string; description: string }> = {
  credits: {
    title: 'Credits',
    description: 'Credits pay for plugin subscriptions. Pay by card, in crypto or with gold.',
  },
  gp: { title: 'GP', description: 'In-game gold, delivered by our staff in game.' },
  vip: {
    title: 'VIP',
    description: 'Unlimited client sessions and VIP-only prices, for as many months as you like.',
  },
};

function isProductName(name: string | undefined): name is ProductName {
  return PRODUCT_NAMES.some((known) => known === name);
}

/** /products/{name} (requiresAuth): the products of one kind and their purchase (spec §2, §4). */
export default function ProductsPage() {
  const { name } = useParams();
  // Only three pages exist; any other name shows the first.
  if (!isProductName(name)) return <Navigate to={paths.products.getHref('credits')} replace />;
  return <ProductsOfKind name={name} />;
}

function ProductsOfKind({ name }: { name: ProductName }) {
  const copy = PAGE_COPY[name];
  useDocumentTitle(copy.title);
  const products = useProducts(name);
  const purchase = useProductPurchase();
  const { state } = purchase;

  let content: ReactNode;
  if (products.isPending) {
    content = <ProductResultsSkeleton />;
  } else if (products.isError) {
    content = (
      <div className={styles.state} role="alert">
        <h2 className={styles.stateTitle}>The products could not be loaded</h2>
        <p className={styles.stateText}>{products.error.message} Check your connection and try again.</p>
        <Button
          onClick={() => void products.refetch()}
          loading={products.isFetching}
          loadingText="Retrying..."
        >
          Try again
        </Button>
      </div>
    );
  } else if (products.data.length === 0) {
    content = (
      <div className={styles.state}>
        <h2 className={styles.stateTitle}>{NO_PRODUCTS_MESSAGE}</h2>
        <p className={styles.stateText}>Check back soon.</p>
      </div>
    );
  } else {
    content = <ProductResults products={products.data} onBuy={purchase.choose} />;
  }

  return (
    <Page eyebrow="Purchase" title={copy.title} description={copy.description}>
      <section aria-label="Products">{content}</section>

      {state.step === 'choosing' ? (
        <PurchaseModal
          product={state.product}
          busy={purchase.busy}
          onPurchase={(values) => purchase.purchase(state.product, values)}
          onClose={purchase.close}
        />
      ) : null}
      {state.step === 'confirming' ? (
        <PaymentConfirmDialog
          summary={state.summary}
          problem={state.problem}
          working={state.working}
          cancelling={state.cancelling}
          onConfirm={() => void purchase.confirm()}
          onCancel={() => void purchase.cancel()}
        />
      ) : null}
      {state.step === 'placed' ? <OrderPlacedModal order={state.order} onClose={purchase.close} /> : null}
    </Page>
  );
}
