import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeMe, renderApp } from '../../testing/render-app';

/** The links of the top bar's main navigation as the user sees them. */
async function mainLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('the top bar by role (spec §2)', () => {
  it('offers a guest Log in and Sign up, and no user menu', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open user menu' })).toBeNull();
    // Nothing a guest cannot open: no Dashboard, Messages or Account (issue 28).
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows a client Find Talent', async () => {
    renderApp('/terms', { user: makeMe({ type: 'Client' }) });
    expect(await screen.findByRole('button', { name: 'Open user menu' })).toBeTruthy();
    expect(await mainLinks()).toEqual(['Dashboard', 'Find Talent', 'Messages', 'Account']);
  });

  it('shows a developer Find Projects', async () => {
    renderApp('/terms', { user: makeMe({ type: 'Developer' }) });
    await screen.findByRole('button', { name: 'Open user menu' });
    expect(await mainLinks()).toEqual(['Dashboard', 'Find Projects', 'Messages', 'Account']);
  });

  it('adds Staff for a staff account, and marks the current page', async () => {
    renderApp('/messages', {
      user: makeMe({ isStaff: true }),
      api: { 'GET /threads/:id/messages': () => [] },
    });
    await screen.findByRole('button', { name: 'Open user menu' });
    expect(await mainLinks()).toEqual(['Dashboard', 'Find Talent', 'Messages', 'Account', 'Staff']);
    expect(screen.getByRole('link', { name: 'Messages' }).getAttribute('aria-current')).toBe('page');
    // End only once the lazy Messages page has loaded: an import still running when the test
    // environment is torn down is an unhandled error that fails the whole run.
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
  });
});
