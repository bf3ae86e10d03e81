import { useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button/button.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { signInHrefReturningTo } from '../../../lib/auth/sign-in-href.ts';
import wrapRow from '../../../styles/wrap-row.module.css';
import { toShownUserCode } from '../utils/user-code.ts';
import styles from './device.module.css';

/**
 * A guest's /device (the link `npm run client -- login` prints): the code they came with and one
 * Log in, which returns to this very address, code included. A plain link the server saves the
 * address for, so it works before and without the app's JavaScript (the page is server-rendered).
 */
export function DeviceSignInPrompt() {
  const { signInHref } = useAuth();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const code = toShownUserCode(searchParams.get('code') ?? '');
  return (
    <Card
      title={
        <>
          Sign in to approve the game client
          {code ? (
            <>
              {' — code '}
              <span className={styles.code} data-testid="device-code">
                {code}
              </span>
            </>
          ) : null}
        </>
      }
    >
      <p className={styles.lead}>
        Log in with your Discord account. You come straight back here to approve the client, if it shows the
        same code.
      </p>
      <div className={`${wrapRow.gap3} ${wrapRow.fullWidthOnPhones}`}>
        <Button href={signInHrefReturningTo(signInHref, `${pathname}${search}`)} sameTab>
          Log in
        </Button>
      </div>
    </Card>
  );
}
