import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function OwnerPage() {
  return <ComingSoon title="Owner Panel" description="Exports and developer payouts." />;
}
