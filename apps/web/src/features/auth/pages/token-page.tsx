import { SignInStatus } from '../components/sign-in-status.tsx';
import { useRunOnce } from '../session/use-run-once.ts';
import { useSignInFlow } from '../sign-in-flow-context.ts';

/** /token: the login action, then the saved redirectUri. */
export default function TokenPage() {
  const flow = useSignInFlow();
  useRunOnce(() => void flow.logIn());
  return <SignInStatus message="Logging in..." />;
}
