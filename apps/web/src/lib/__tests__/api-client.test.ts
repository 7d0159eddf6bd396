import { beforeEach, describe, expect, it, vi } from 'vitest';

const notifyError = vi.fn();
vi.mock('../notify', () => ({ notifyError: (...a: unknown[]) => notifyError(...a), notify: vi.fn() }));

const { ApiError, handleFailure } = await import('../api-client');

describe('shared failure handler (spec §8)', () => {
  beforeEach(() => {
    notifyError.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('422: no toast, field errors to the callback', () => {
    const cb = vi.fn();
    handleFailure(
      new ApiError(422, { msg: 'x', error: 'Unprocessable Entity', errors: { email: 'Must be valid email' } }, 'x'),
      cb,
    );
    expect(notifyError).not.toHaveBeenCalled();
    expect(cb).toHaveBeenCalledWith({ email: 'Must be valid email' }, 422, expect.any(ApiError));
  });

  it('422 without errors passes an empty object', () => {
    const cb = vi.fn();
    handleFailure(new ApiError(422, {}, 'x'), cb);
    expect(cb.mock.calls[0][0]).toEqual({});
  });

  it('500: the generic server error toast', () => {
    handleFailure(new ApiError(500, { msg: 'internal detail', error: 'x' }, 'x'));
    expect(notifyError).toHaveBeenCalledWith('Server error, please try again later');
  });

  it('other statuses toast msg, else error, else the data', () => {
    handleFailure(new ApiError(409, { msg: 'Already', error: 'Conflict' }, 'x'));
    handleFailure(new ApiError(403, { error: 'Forbidden' }, 'x'));
    handleFailure(new ApiError(404, 'plain text', 'x'));
    expect(notifyError.mock.calls.map((c) => c[0])).toEqual(['Already', 'Forbidden', 'plain text']);
  });

  it('no response: the error message itself', () => {
    const cb = vi.fn();
    handleFailure(new TypeError('Failed to fetch'), cb);
    expect(notifyError).toHaveBeenCalledWith('Failed to fetch');
    expect(cb).toHaveBeenCalledWith({}, 0, expect.any(ApiError));
  });
});
