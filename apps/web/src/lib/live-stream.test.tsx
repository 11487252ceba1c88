import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { endpoints } from './api.ts';
import { queryKeys } from './query-keys.ts';
import { useLiveStream } from './live-stream.ts';

/** A stand-in for the browser's EventSource: the test plays the server's events. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(
    public url: string,
    public init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown = {}) {
    for (const fn of this.listeners.get(type) ?? [])
      fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

describe('[live] useLiveStream', () => {
  it('one stream per tab however many users; each event refreshes the keys of what it names', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    const a = renderHook(() => useLiveStream(5, qc));
    const b = renderHook(() => useLiveStream(5, qc));
    expect(FakeEventSource.opened).toHaveLength(1);
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe(endpoints.live.stream.path);
    expect(source.init).toEqual({ withCredentials: true });

    source.emit('connecte');
    expect(spy).not.toHaveBeenCalled();
    source.emit('convocation', { matchId: 12, evenementId: 40 });
    const keys = () => spy.mock.calls.map((c) => c[0]?.queryKey);
    expect(keys()).toContainEqual(queryKeys.matches.convocations(12));
    expect(keys()).toContainEqual([...queryKeys.matches.all, 'team']);
    spy.mockClear();
    source.emit('message', { conversationId: 3, messageId: 9 });
    expect(keys()).toEqual([queryKeys.conversations.messages(3), queryKeys.conversations.list]);
    spy.mockClear();
    // A live action refreshes the live sheet only; a typed score the lists too (decision 0129).
    source.emit('match', { matchId: 12, evenementId: 40, changement: 'action' });
    expect(keys()).toEqual([queryKeys.matches.live(12)]);
    spy.mockClear();
    source.emit('match', { matchId: 12, evenementId: 40, changement: 'score' });
    expect(keys()).toContainEqual(queryKeys.matches.live(12));
    expect(keys()).toContainEqual([...queryKeys.matches.all, 'team']);
    spy.mockClear();
    source.emit('resynchroniser');
    expect(keys()).toContainEqual(queryKeys.matches.all);
    expect(keys()).toContainEqual(queryKeys.conversations.all);

    a.unmount();
    expect(source.readyState).toBe(FakeEventSource.OPEN);
    b.unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('no stream without a member', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderHook(() => useLiveStream(undefined, new QueryClient())).unmount();
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});
