import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function ShopPage() {
  return (
    <ComingSoon title="Plugins" description="Browse, search and filter every free and premium plugin." />
  );
}
