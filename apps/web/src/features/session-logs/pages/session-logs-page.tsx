import { ComingSoon } from '../../../components/coming-soon/coming-soon.tsx';

export default function SessionLogsPage() {
  return <ComingSoon title="Session logs" description="Client sessions and limit checks." />;
}
