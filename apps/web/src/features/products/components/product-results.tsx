import type { ProductResponse } from '@ember/contracts/commerce';
import results from '../../../components/ui/result-list/result-list.module.css';
import skeleton from '../../../components/ui/skeleton/skeleton.module.css';
import { ProductCard, type ProductCardLayout } from './product-card.tsx';
import styles from './product-results.module.css';

/** More than this many products are a fluid grid; 3 or fewer a results list (spec §2 Products). */
export const PRODUCT_GRID_THRESHOLD = 3;

export function productLayoutFor(count: number): ProductCardLayout {
  return count > PRODUCT_GRID_THRESHOLD ? 'grid' : 'row';
}

/** The products of one page, as a grid or as a list. */
export function ProductResults({
  products,
  onBuy,
}: {
  products: readonly ProductResponse[];
  onBuy: (product: ProductResponse) => void;
}) {
  const layout = productLayoutFor(products.length);
  return (
    <ul
      className={`${results.list} ${layout === 'grid' ? results.grid : results.rows}`}
      data-layout={layout}
      aria-label="Products"
    >
      {products.map((product) => (
        <li key={product.id} className={results.item}>
          <ProductCard product={product} layout={layout} onBuy={onBuy} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while the products load. */
export function ProductResultsSkeleton() {
  return (
    <div className={`${results.list} ${results.rows}`} aria-hidden="true" data-testid="products-loading">
      {[0, 1, 2].map((index) => (
        <div key={index} className={`${skeleton.sheen} ${styles.skeleton}`} />
      ))}
    </div>
  );
}
