import { useSearchParams } from 'react-router';
import { SignInStatus } from '../components/sign-in-status.tsx';
import { useRunOnce } from '../session/use-run-once.ts';
import { useSignInFlow } from '../sign-in-flow-context.ts';

/** /loading?redirect=/path: refreshes the session, then goes to `redirect` (same-origin paths only). */
export default function SessionLoadingPage() {
  const [searchParams] = useSearchParams();
  const flow = useSignInFlow();
  useRunOnce(() => void flow.refreshAndLogIn(searchParams.get('redirect')));
  return <SignInStatus message="Loading..." />;
}
