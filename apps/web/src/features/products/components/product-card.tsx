import type { ProductResponse } from '@ember/contracts/commerce';
import type { SyntheticEvent } from 'react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button/button.tsx';
import chipList from '../../../components/ui/chip-list/chip-list.module.css';
import { VisuallyHidden } from '../../../components/visually-hidden/visually-hidden.tsx';
import { PAYMENT_PROCESSOR_LABEL } from '../../../lib/format/payment-processors.ts';
import { discountedPriceLabel, stockLabel, unitPriceLabel } from '../../../lib/format/product-units.ts';
import spreadRow from '../../../styles/spread-row.module.css';
import stack from '../../../styles/stack.module.css';
import styles from './product-card.module.css';

export type ProductCardLayout = 'grid' | 'row';

/** Shown when a product has no image of its own (or it fails to load). */
export const PRODUCT_DEFAULT_IMAGE = '/images/product-default.svg';

function showDefaultImage(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(PRODUCT_DEFAULT_IMAGE)) image.src = PRODUCT_DEFAULT_IMAGE;
}

interface ProductCardProps {
  product: ProductResponse;
  layout: ProductCardLayout;
  onBuy: (product: ProductResponse) => void;
}

/** Spec §2 Products: picture, stock and discount badges, name, price per unit, and Buy. */
export function ProductCard({ product, layout, onBuy }: ProductCardProps) {
  const titleId = useId();
  const soldOut = product.stock === 0;
  // A discounted product reads what checkout charges (the same priceOrder), the list price struck.
  const discounted = discountedPriceLabel(product);
  return (
    <article className={`${styles.card} ${styles[layout]}`} aria-labelledby={titleId}>
      <div className={styles.media}>
        <img
          src={product.imageUrl || PRODUCT_DEFAULT_IMAGE}
          alt=""
          loading="lazy"
          decoding="async"
          width={512}
          height={512}
          className={styles.image}
          onError={showDefaultImage}
        />
        <ul className={`${chipList.list} ${styles.badges}`} aria-label="Badges">
          {product.discountPercent > 0 ? (
            <li className={styles.discount}>-{product.discountPercent}%</li>
          ) : null}
          <li
            className={soldOut ? styles.soldOut : styles.stock}
            data-testid="stock-badge"
            aria-label={product.stock === null ? 'Unlimited stock' : undefined}
          >
            {stockLabel(product.stock)}
          </li>
        </ul>
      </div>
      <div className={styles.body}>
        <div className={stack.gap1}>
          <h2 id={titleId} className={styles.name}>
            {product.name}
          </h2>
          <p className={styles.processor}>Pay by {PAYMENT_PROCESSOR_LABEL[product.paymentProcessor]}</p>
        </div>
        {product.description ? <p className={styles.description}>{product.description}</p> : null}
        <div className={`${spreadRow.spreadRow} ${styles.footer}`}>
          {discounted ? (
            <p className={styles.priceBlock}>
              <span className={styles.price} data-testid="unit-price">
                {discounted}
              </span>{' '}
              <s className={styles.listPrice} data-testid="list-price">
                <VisuallyHidden>instead of </VisuallyHidden>
                {unitPriceLabel(product)}
              </s>
            </p>
          ) : (
            <p className={styles.price} data-testid="unit-price">
              {unitPriceLabel(product)}
            </p>
          )}
          <Button
            size="sm"
            onClick={() => onBuy(product)}
            disabled={soldOut}
            aria-label={soldOut ? `${product.name}: sold out` : `Buy ${product.name}`}
            className={styles.buy}
          >
            {soldOut ? 'Sold out' : 'Buy'}
          </Button>
        </div>
      </div>
    </article>
  );
}
