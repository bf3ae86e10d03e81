import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function SessionLoadingPage() {
  return (
    <ComingSoon title="Restoring your session" description="Picking up where you left off is almost ready." />
  );
}
