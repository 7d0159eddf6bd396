import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDownload } from '../download-file';

/** DESIGN §9: the web app downloads through a 60-second file link; the session token stays in headers. */
describe('openDownload', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.cookie = 'AccessToken=; Path=/; Max-Age=0';
  });

  it('asks for a link (the HttpOnly cookie is the credential), then follows the link, with no token in any address', async () => {
    document.cookie = 'AccessToken=session-secret; Path=/';
    const link = '/api/v1/tasks/t1/files/f1/download?token=dl.u1.123.abc';
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ url: link }), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.getAttribute('href') ?? '');
    });

    await openDownload('t1', 'f1');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/tasks/t1/files/f1/link');
    expect(init.method).toBe('POST');
    // The browser sends the session cookie itself (DESIGN §14): the app never reads it into a header.
    expect(new Headers(init.headers).get('authorization')).toBeNull();
    expect(followed).toEqual([link]);
    expect([url, ...followed].join(' ')).not.toContain('session-secret');
    // The temporary anchor is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('fails (for the shared failure handler) when the link is refused', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ msg: 'Not found', error: 'Not Found' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await expect(openDownload('t1', 'f1')).rejects.toMatchObject({ status: 404 });
    expect(click).not.toHaveBeenCalled();
  });
});
