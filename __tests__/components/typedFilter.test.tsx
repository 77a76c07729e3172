import { act, renderHook } from '@testing-library/react';
import { TYPING_PAUSE_MS, useTypedFilter } from '../../src/components/lists/useTypedFilter';

// The typed filters of the request and audit logs (cost, model): applied once typing pauses, or on Enter; a text that
// is not a value applies never. Fake timers: the pause is passed exactly, not waited out (docs/testing.md).
const parseCost = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Number(text) : undefined);

function renderFilter(initial: number | null = null) {
  const onApply = jest.fn();
  const hook = renderHook(() =>
    useTypedFilter<number | null>(initial, onApply, (text) => (text === '' ? null : parseCost(text)), String),
  );
  return { onApply, hook };
}

describe('useTypedFilter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('applies a value once typing has paused for TYPING_PAUSE_MS, not a moment before', () => {
    const { onApply, hook } = renderFilter();
    act(() => hook.result.current.setText('0.5'));
    act(() => jest.advanceTimersByTime(TYPING_PAUSE_MS - 1));
    expect(onApply).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onApply).toHaveBeenCalledWith(0.5);
  });

  it('a text that is not a value is said to be invalid and applies neither on the pause nor on Enter', () => {
    const { onApply, hook } = renderFilter();
    act(() => hook.result.current.setText('1.005'));
    expect(hook.result.current.invalid).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
    act(() => hook.result.current.apply());
    act(() => jest.runAllTimers());
    expect(onApply).not.toHaveBeenCalled();
  });

  it('Enter applies at once, and the pause then sends nothing more', () => {
    const { onApply, hook } = renderFilter();
    act(() => hook.result.current.setText('2'));
    act(() => hook.result.current.apply());
    expect(onApply).toHaveBeenCalledTimes(1);
    act(() => jest.runAllTimers());
    expect(onApply).toHaveBeenCalledTimes(1);
  });
});
