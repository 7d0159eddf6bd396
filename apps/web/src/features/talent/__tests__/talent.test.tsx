import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../testing/fake-api';
import { makePublicUser as developer } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';

const client = makeMe({ firstName: 'Clara' });

describe('/talent (issue 28 point 8)', () => {
  it('cards show the About as plain text, not markdown', async () => {
    renderApp('/talent', { user: client, api: { 'GET /users/talent': () => ({ users: [developer()], pages: 1 }) } });
    const card = await screen.findByRole('link', { name: /Aisha Khan/ });
    expect(within(card).getByText('I build web apps with React and care.')).toBeTruthy();
    expect(card.textContent).not.toMatch(/\*\*|\]\(|_care_/);
  });

  it('a refused search says what is wrong instead of "could not be loaded"', async () => {
    const { api } = renderApp('/talent', {
      user: client,
      api: {
        'GET /users/talent': () => ({ users: [], pages: 1 }),
        'POST /users/talent/search': () =>
          reply(422, { msg: 'Invalid input', errors: { query: 'Must be at most 200 characters' } }),
      },
    });
    const box = await screen.findByRole('textbox', { name: 'Search talent' });
    fireEvent.change(box, { target: { value: 'x'.repeat(500) } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Search: Must be at most 200 characters');
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // The field says it too, and the refused search is not retried.
    expect(screen.getAllByText('Must be at most 200 characters').length).toBeGreaterThanOrEqual(1);
    expect(api.callsTo('POST /users/talent/search')).toHaveLength(1);
  });
});
