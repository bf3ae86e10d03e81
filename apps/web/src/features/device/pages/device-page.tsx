import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { showServerRefusal } from '../../../components/form/server-refusal.ts';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { Page } from '../../../components/page/page.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import {
  type DeviceDecision,
  useDecideDeviceAuthorization,
  useLookUpDeviceAuthorization,
} from '../api/device-authorizations.ts';
import { DeviceCodeForm } from '../components/device-code-form.tsx';
import { DeviceOutcome } from '../components/device-outcome.tsx';
import { DeviceRequestCard } from '../components/device-request-card.tsx';
import { DeviceSignInPrompt } from '../components/device-sign-in-prompt.tsx';
import { deviceCodeForm, toShownUserCode } from '../utils/user-code.ts';
import styles from './device-page.module.css';

/** A refusal worth showing: not one the session policy already dealt with (the user was signed out). */
function refusalOf(error: unknown): string | null {
  if (!error || (error instanceof ApiError && error.handled)) return null;
  return error instanceof Error && error.message ? error.message : 'An error occurred.';
}

/**
 * /device (requiresAuth, signInInPlace): the signed-in user approves or denies a game client's
 * sign-in code (docs/client-api.md §1). The client's ?code= link fills the code in and looks it up
 * at once. A guest who opens that link is asked to sign in right here, code shown (issue 34, item 1);
 * the server renders that prompt, so it works without JavaScript.
 */
export default function DevicePage() {
  useDocumentTitle('Sign in a device');
  const { status } = useAuth();
  return (
    <Page
      width="narrow"
      eyebrow="Game client"
      title="Sign in a device"
      description="Approve the sign-in your game client asked for. It gets access to your plugins only, and you can sign it out on My Account."
    >
      <div className={styles.step}>{status === 'guest' ? <DeviceSignInPrompt /> : <DeviceApproval />}</div>
    </Page>
  );
}

/** The signed-in user's steps: the code, the request, the outcome. */
function DeviceApproval() {
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedCode = searchParams.get('code') ?? '';
  const form = useContractForm(deviceCodeForm, { defaultValues: { code: linkedCode } });
  const lookUp = useLookUpDeviceAuthorization();
  const decide = useDecideDeviceAuthorization();
  const [decided, setDecided] = useState<DeviceDecision | null>(null);

  async function lookUpCode(code: string) {
    decide.reset();
    setDecided(null);
    await lookUp.mutateAsync(code);
    setSearchParams({ code }, { replace: true });
  }

  // The client's link carries the code: look it up once, as if the user had pressed Continue.
  const lookedUpLink = useRef(false);
  useEffect(() => {
    if (lookedUpLink.current) return;
    lookedUpLink.current = true;
    const code = toShownUserCode(linkedCode);
    if (code) lookUp.mutateAsync(code).catch((error: unknown) => showServerRefusal(form, error));
    else if (linkedCode) void form.trigger('code');
  }, [linkedCode, lookUp, form]);

  function startOver() {
    lookUp.reset();
    decide.reset();
    setDecided(null);
    form.reset({ code: '' });
    setSearchParams({}, { replace: true });
  }

  const request = lookUp.data;
  let step: ReactNode;
  if (decided) {
    step = <DeviceOutcome decision={decided} onAnother={startOver} />;
  } else if (request) {
    step = (
      <DeviceRequestCard
        request={request}
        deciding={decide.isPending ? (decide.variables?.decision ?? null) : null}
        refusal={refusalOf(decide.error)}
        onDecide={(decision) =>
          decide.mutate({ userCode: request.userCode, decision }, { onSuccess: () => setDecided(decision) })
        }
        onOtherCode={startOver}
      />
    );
  } else {
    step = <DeviceCodeForm form={form} onSubmit={lookUpCode} pending={lookUp.isPending} />;
  }

  return step;
}
