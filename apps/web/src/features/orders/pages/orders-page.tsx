import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function OrdersPage() {
  return <ComingSoon title="Orders" description="Every order with its status and payment details." />;
}
