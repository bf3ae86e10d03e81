import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { planResponseFixture } from '../../../../test/catalog-fixtures.ts';
import { dialog, submit, type } from '../../../../test/dialog-form.ts';
import { json, mockApi } from '../../../../test/mock-api.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { developer } from '../../../../test/test-users.ts';
import { spyOnToasts } from '../../../../test/toasts.ts';
import { CreatePlanDialog } from './create-plan-dialog.tsx';

// Create plan shows the spec's §5 messages before anything is sent, and sends what the contract
// parsed once the form is valid.

describe('create plan', () => {
  it("says 'Plan name was empty.' and 'Plan description was empty.', then creates the plan", async () => {
    const { error, success } = spyOnToasts();
    const api = mockApi({
      'POST /api/shop/plans': () =>
        json(
          planResponseFixture({
            id: 40,
            tags: ['trails', 'agility'],
            ownerDiscordId: '314159265358979307',
            fromPrice: null,
          }),
          201,
        ),
      'GET /api/shop/plans/my': () => json([]),
    });
    const onClose = vi.fn();
    renderWithProviders(<CreatePlanDialog open onClose={onClose} />, { user: developer });
    const create = dialog('Create plan');

    submit(create, 'Create plan');
    expect(await within(create).findByText('Plan name was empty.')).toBeTruthy();
    // Once, under its field (issue 26, item 6): not also as a toast.
    expect(error).not.toHaveBeenCalled();

    type(create, 'Plan name', 'Trail Blazer');
    submit(create, 'Create plan');
    expect(await within(create).findByText('Plan description was empty.')).toBeTruthy();
    expect(api.keys()).not.toContain('POST /api/shop/plans');

    type(create, 'Description', 'Walks every trail.');
    type(create, 'Tags', 'trails, agility, trails');
    submit(create, 'Create plan');
    await waitFor(() => expect(success).toHaveBeenCalledWith('Plan added successfully!'));
    expect(onClose).toHaveBeenCalled();
    const sent = api.calls.find((call) => call.key === 'POST /api/shop/plans');
    expect(sent).toBeTruthy();
    const body = JSON.parse(
      String(api.spy.mock.calls.find(([url]) => String(url).endsWith('/plans'))?.[1]?.body),
    );
    expect(body).toMatchObject({
      name: 'Trail Blazer',
      description: 'Walks every trail.',
      tags: ['trails', 'agility'],
    });
  });
});
