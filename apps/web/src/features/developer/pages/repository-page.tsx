import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function RepositoryPage() {
  return <ComingSoon title="Repository" description="Edit your repository and its plugins." />;
}
