import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../testing/fake-api';
import { makeProject, makePublicUser } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';

const client = makeMe({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', firstName: 'Clara' });
const dev = makePublicUser();
const { users: _u, ...base } = makeProject(client);
const owned = [
  { ...base, id: '11111111-1111-4111-8111-000000000001', name: 'On it', candidate: 'member' },
  { ...base, id: '11111111-1111-4111-8111-000000000002', name: 'Asked', candidate: 'invited' },
  { ...base, id: '11111111-1111-4111-8111-000000000003', name: 'Free', candidate: null },
];

describe('Invite to Project (issue 28 point 12)', () => {
  it('says "Already a member" and "Invited" (disabled), and shows a refusal', async () => {
    const { api } = renderApp('/dev/aisha', {
      user: client,
      api: {
        'GET /users/username/:username': () => dev,
        'GET /users/:id/reviews': () => ({ average: null, count: 0, reviews: [] }),
        'GET /projects/owned': () => owned,
        'POST /invites/projects/:id': () => reply(409, { msg: 'This developer is already invited' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Invite to Project' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite to Project' });
    const member = await within(dialog).findByRole('button', { name: 'Already a member of On it' });
    expect(member).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Invited to Asked' })).toHaveProperty('disabled', true);
    expect(api.callsTo('GET /projects/owned')[0]?.query.get('candidate')).toBe(dev.id);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite to Free' }));
    expect(await screen.findByText('This developer is already invited')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Invite to Free' })).toHaveProperty('disabled', false),
    );
  });
});
