import { useLocation } from 'react-router';
import { SignInStatus } from '../components/sign-in-status.tsx';
import { useRunOnce } from '../session/use-run-once.ts';
import { useSignInFlow } from '../sign-in-flow-context.ts';

/** /oauth2: where the chat platform sends the browser back with `code` and `state`. */
export default function OAuth2Page() {
  const { search } = useLocation();
  const flow = useSignInFlow();
  useRunOnce(() => void flow.exchangeCode(search));
  return <SignInStatus message="Logging you in..." />;
}
