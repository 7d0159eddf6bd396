import type { RealtimeEvent, TaskSummary } from '@devmarket/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { useRealtimeEvent } from '../realtime';

/** An EventSource the test drives: it opens, delivers frames and drops on command. */
class ScriptedEventSource {
  static last: ScriptedEventSource | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    ScriptedEventSource.last = this;
  }
  close() {}
  send(event: RealtimeEvent | string) {
    this.onmessage?.({ data: typeof event === 'string' ? event : JSON.stringify(event) });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useRealtimeEvent', () => {
  it('hands each listener the events of its type, typed by the contract', () => {
    vi.stubGlobal('EventSource', ScriptedEventSource);
    const tasks: TaskSummary[] = [];
    const truncated: string[] = [];
    const threads: string[] = [];
    const { unmount } = renderHook(() => {
      useRealtimeEvent('task', (e) => {
        expectTypeOf(e.type).toEqualTypeOf<'task'>();
        if ('task' in e.data) tasks.push(e.data.task);
        else truncated.push(e.data.projectID ?? '');
      });
      useRealtimeEvent('thread_read', (e) => threads.push(e.data.threadID ?? ''));
    });
    const source = ScriptedEventSource.last;
    if (!source) throw new Error('no stream opened');
    act(() => {
      source.onopen?.();
      source.send({ type: 'thread_read', data: { threadID: 'th1' } });
      source.send({ type: 'task', data: { truncated: true, projectID: 'p1' } });
      source.send('not json');
    });
    expect(threads).toEqual(['th1']);
    expect(truncated).toEqual(['p1']);
    expect(tasks).toEqual([]);
    unmount();
  });

  it('refuses, at compile time, a type the union does not name', () => {
    // @ts-expect-error 'invite' is not a realtime event type
    const unknownType = () => useRealtimeEvent('invite', () => {});
    // @ts-expect-error a 'balance' event carries no projectID
    const wrongField = () => useRealtimeEvent('balance', (e) => e.data.projectID);
    expect(typeof unknownType).toBe('function');
    expect(typeof wrongField).toBe('function');
  });
});
