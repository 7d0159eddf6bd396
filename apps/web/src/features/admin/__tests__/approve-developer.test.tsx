import type { AdminDeveloper } from '@devmarket/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe, renderApp } from '../../../testing/render-app';

const dev: AdminDeveloper = {
  ...makeMe({ id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', type: 'Developer', firstName: 'Aisha', lastName: 'Khan' }),
  email: 'aisha@example.com',
  emailVerified: true,
  reviewStatus: 'pending',
  updatedAt: '2026-11-25T10:00:00.000Z',
} as unknown as AdminDeveloper;

describe('/admin: approving a developer (DESIGN §19)', () => {
  it('asks for the three checks and a note, confirms, then sends them', async () => {
    const { api } = renderApp('/admin', {
      user: makeMe({ isStaff: true }),
      api: {
        'GET /admin/developers': () => ({ developers: [dev], pages: 1 }),
        'POST /admin/developers/:userId/approve': () => ({ ...dev, reviewStatus: 'approved' }),
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Aisha Khan' });
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Aisha Khan?' });
    const confirm = within(dialog).getByRole('button', { name: 'Approve' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByLabelText(/Identity checked/));
    fireEvent.click(within(dialog).getByLabelText(/Skills checked/));
    expect(confirm).toHaveProperty('disabled', true);
    expect(api.callsTo('POST /admin/developers/:userId/approve')).toEqual([]);
    fireEvent.click(within(dialog).getByLabelText(/Experience checked/));
    fireEvent.change(within(dialog).getByLabelText(/Note/), { target: { value: 'Video call' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(api.callsTo('POST /admin/developers/:userId/approve')[0]?.body).toEqual({
        checks: { identity: true, skills: true, experience: true },
        note: 'Video call',
      }),
    );
  });
});
