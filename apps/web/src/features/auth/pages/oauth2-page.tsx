import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function OAuth2Page() {
  return <ComingSoon title="Signing in" description="Signing in with Discord is almost ready." />;
}
