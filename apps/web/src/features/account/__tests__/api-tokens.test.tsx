import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../testing/fake-api';
import { accountPageApi } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';

const listed: {
  id: string;
  name: string;
  scope: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
} = {
  id: 't1',
  name: 'Old script',
  scope: 'write',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2027-01-30T10:00:00.000Z',
  lastUsedAt: '2026-11-20T17:00:00.000Z',
};

describe('/account API tokens', () => {
  it('lists tokens with last use and expiry, creates one shown once, shows 422s under fields, revokes', async () => {
    let tokens = [listed];
    const { api } = renderApp('/account', {
      user: makeMe(),
      api: {
        ...accountPageApi,
        'GET /user/tokens': () => tokens,
        'POST /user/tokens': (req) => {
          const body = req.body as { name: string };
          if (!body.name)
            return reply(422, { msg: 'Invalid', error: 'x', errors: { name: 'This field is required.' } });
          const made = { ...listed, id: 't2', name: body.name, scope: 'read', lastUsedAt: null };
          tokens = [made, ...tokens];
          return { ...made, token: `dm_pat_${'A'.repeat(40)}` };
        },
        'DELETE /user/tokens/:id': (req) => {
          tokens = tokens.filter((t) => t.id !== req.params.id);
          return { ok: true };
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'API tokens' });
    const list = await within(section).findByRole('list', { name: 'API tokens' });
    expect(within(list).getByText('Old script')).toBeTruthy();
    expect(within(list).getByText(/Last used 20 Nov 2026/)).toBeTruthy();
    expect(within(list).getByText(/Expires 30 Jan 2027/)).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Create token' }));
    expect(await within(section).findByText('This field is required.')).toBeTruthy();

    fireEvent.change(within(section).getByLabelText(/Token name/), { target: { value: 'CI' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Create token' }));
    expect((await within(section).findByLabelText('New API token')).textContent).toBe(`dm_pat_${'A'.repeat(40)}`);
    expect(api.callsTo('POST /user/tokens').at(-1)?.body).toEqual({ name: 'CI', scope: 'read', expiresInDays: 90 });
    expect(await within(list).findByText('CI')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Revoke Old script' }));
    await waitFor(() => expect(within(list).queryByText('Old script')).toBeNull());
    expect(api.callsTo('DELETE /user/tokens/:id')).toHaveLength(1);
  });
});
