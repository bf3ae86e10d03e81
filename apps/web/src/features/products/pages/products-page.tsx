import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';
import { PRODUCT_NAMES, type ProductName } from '../../../config/paths.ts';

/** Page titles of /products/{name} (spec §2: credits, GP and VIP). */
const PRODUCT_TITLES: Record<ProductName, string> = { credits: 'Credits', gp: 'GP', vip: 'VIP' };

function isProductName(name: string | undefined): name is ProductName {
  return PRODUCT_NAMES.some((known) => known === name);
}

export default function ProductsPage() {
  const { name } = useParams();
  const title = isProductName(name) ? PRODUCT_TITLES[name] : 'Products';
  return (
    <ComingSoon title={title} description={`Buying ${title} straight from the store is almost ready.`} />
  );
}
