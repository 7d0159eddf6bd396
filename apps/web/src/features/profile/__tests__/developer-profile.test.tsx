import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePublicUser } from '../../../testing/fixtures';
import { makeMe, renderApp } from '../../../testing/render-app';

const reviews = { average: null, count: 0, reviews: [] };

describe('/dev/{username} (issue 28 point 8)', () => {
  it('does not say "not written a profile yet" when the About is filled', async () => {
    const dev = makePublicUser({ about: 'I build reliable web applications.', profile: null });
    renderApp('/dev/aisha', {
      user: makeMe(),
      api: { 'GET /users/username/:username': () => dev, 'GET /users/:id/reviews': () => reviews },
    });
    expect(await screen.findByText('I build reliable web applications.')).toBeTruthy();
    expect(screen.queryByText('This developer has not written a profile yet.')).toBeNull();
  });

  it('says so when neither About nor profile is written', async () => {
    const dev = makePublicUser({ about: null, profile: '  ' });
    renderApp('/dev/aisha', {
      user: makeMe(),
      api: { 'GET /users/username/:username': () => dev, 'GET /users/:id/reviews': () => reviews },
    });
    expect(await screen.findByText('This developer has not written a profile yet.')).toBeTruthy();
  });
});
