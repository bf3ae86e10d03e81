import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function TokenPage() {
  return <ComingSoon title="Signing in" description="Signing in with Discord is almost ready." />;
}
