import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function AdminPage() {
  return (
    <ComingSoon title="Admin Panel" description="Users, products, repositories, sessions and transactions." />
  );
}
