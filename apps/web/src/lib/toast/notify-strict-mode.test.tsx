import { LOGIN_FAILED_MESSAGE } from '@ember/contracts/errors';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyToaster } from '../../components/ui/toast/lazy-toaster.tsx';
import { notify } from './notify.ts';

// The first toast of a visit is raised before the lazily loaded container exists (a non-member's
// sign-in fails right after the page loads). React's StrictMode (development builds, `npm run
// dev:web`) mounts the container twice; the toast must survive that.

describe('the first toast of a visit', () => {
  it('shows under StrictMode although it was raised before the toast container mounted', async () => {
    render(
      <StrictMode>
        <LazyToaster />
      </StrictMode>,
    );
    void notify.error(LOGIN_FAILED_MESSAGE);
    expect(await screen.findByText(LOGIN_FAILED_MESSAGE, {}, { timeout: 3000 })).toBeTruthy();
  });
});
