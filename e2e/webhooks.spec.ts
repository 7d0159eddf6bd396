import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createHmac } from 'node:crypto';
import { expectNoA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { createVerifiedClient, loginInBrowser } from './support/users';

/**
 * DESIGN §16: an owner adds a webhook in Settings, sends a test and sees it delivered. The
 * receiver is a real HTTP server of this test (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=true).
 */
test('an owner adds a webhook in Settings, sends a test and sees it delivered', async ({ page, request }) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/devmarket`;
  try {
    const client = await createVerifiedClient(request);
    const made = await request.post('/api/v1/projects', {
      headers: { authorization: `Bearer ${client.token}` },
      data: { name: `Hooks ${Date.now().toString(36)}`, company: 'Acme Inc', description: 'Webhooks.' },
    });
    expect(made.ok()).toBe(true);
    const project = await made.json();

    await loginInBrowser(page, client);
    await page.goto(`/projects/id/${project.id}`);
    await page.getByRole('navigation', { name: 'Project menu' }).getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No webhooks yet.')).toBeVisible();
    await section.getByLabel('Payload URL').fill(url);
    await section.getByLabel('Member added').check();
    await section.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await section.getByLabel('Signing secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const hooks = section.getByRole('list', { name: 'Webhooks' });
    await expect(hooks.getByText(url)).toBeVisible();
    await expectNoA11yViolations(page);

    await hooks.getByRole('button', { name: `Send test to ${url}` }).click();
    await expect(hooks.getByRole('listitem', { name: 'ping delivered' })).toBeVisible({ timeout: 20_000 });
    expect(received).toHaveLength(1);
    const r = received[0];
    expect(JSON.parse(r.body)).toMatchObject({ type: 'ping' });
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signed = `${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`;
    expect(r.headers['webhook-signature']).toBe(`v1,${createHmac('sha256', key).update(signed).digest('base64')}`);

    // At 375 px nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(section).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await hooks.getByRole('button', { name: `Delete webhook ${url}` }).click();
    await expect(section.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    await new Promise((r) => receiver.close(r));
  }
});
