import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function PriceDashboardPage() {
  return (
    <ComingSoon
      title="Price dashboard"
      description="Subscribers, slots, statistics and discount codes of your price."
    />
  );
}
