import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function PlanDashboardPage() {
  return (
    <ComingSoon
      title="Plan dashboard"
      description="Prices, visibility, whitelists and blacklists of your plan."
    />
  );
}
