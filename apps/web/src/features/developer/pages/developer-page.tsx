import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function DeveloperPage() {
  return <ComingSoon title="Dev Panel" description="Manage your repositories, plans, prices and payouts." />;
}
