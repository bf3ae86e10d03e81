import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function AccountPage() {
  return (
    <ComingSoon
      title="My Account"
      description="Your subscriptions, sessions, orders and credits in one place."
    />
  );
}
