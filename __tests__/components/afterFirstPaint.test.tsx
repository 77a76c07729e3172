import { Component, type ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AfterFirstPaint, usePreloadAfterFirstPaint } from '../../src/components/AfterFirstPaint';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('AfterFirstPaint: a chunk requested once the page has painted', () => {
  it('shows the fallback, asks for the chunk only after the first paint, then renders it with the props', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Greeting }));
    render(<AfterFirstPaint load={load} props={{ name: 'Ada' }} fallback={<p>Loading</p>} />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a chunk that fails to load to the nearest error boundary', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = () => Promise.reject(new Error('Loading chunk 7 failed'));
    render(
      <Boundary>
        <AfterFirstPaint load={load} props={{ name: 'Ada' }} fallback={<p>Loading</p>} />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Loading chunk 7 failed');
  });

  it('mounts deferred components one at a time, each after the one before has been painted', async () => {
    const load = () => Promise.resolve({ default: Greeting });
    const painted: string[] = [];
    render(
      <>
        <AfterFirstPaint load={load} props={{ name: 'first' }} fallback={<p>Loading first</p>} />
        <AfterFirstPaint load={load} props={{ name: 'second' }} fallback={<p>Loading second</p>} />
        <AfterFirstPaint load={load} props={{ name: 'third' }} fallback={<p>Loading third</p>} />
      </>,
    );
    // Each frame the browser draws, what the page shows.
    const watch = () => {
      painted.push(
        ['first', 'second', 'third'].filter((name) => screen.queryByText(`Hello ${name}`) !== null).join(','),
      );
      frame = requestAnimationFrame(watch);
    };
    let frame = requestAnimationFrame(watch);
    expect(await screen.findByText('Hello third')).toBeInTheDocument();
    cancelAnimationFrame(frame);
    // Never two arriving in one frame: the first alone, then the second beside it, then all three (that last frame
    // may come before or after the test stops watching).
    const seen = painted.filter((shown, index) => shown !== '' && shown !== painted[index - 1]);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual(['first', 'first,second', 'first,second,third'].slice(0, seen.length));
    expect(screen.queryByText(/Loading/)).not.toBeInTheDocument();
  });

  it('does not hold up the components after one that goes away while waiting its turn', async () => {
    const load = () => Promise.resolve({ default: Greeting });
    const page = (names: string[]) => (
      <>
        {names.map((name) => (
          <AfterFirstPaint key={name} load={load} props={{ name }} fallback={<p>Loading {name}</p>} />
        ))}
      </>
    );
    const { rerender } = render(page(['first', 'second', 'third']));
    expect(await screen.findByText('Hello first')).toBeInTheDocument();
    expect(screen.queryByText('Hello second')).not.toBeInTheDocument();
    rerender(page(['first', 'third']));
    expect(await screen.findByText('Hello third')).toBeInTheDocument();
  });

  describe('nearViewport: a section below the fold', () => {
    /** A stand-in for the browser's observer: the test says when the placeholder comes near the screen. */
    class FakeIntersectionObserver {
      static instances: FakeIntersectionObserver[] = [];
      observed: Element[] = [];
      disconnected = false;
      constructor(
        private readonly callback: IntersectionObserverCallback,
        readonly options: IntersectionObserverInit,
      ) {
        FakeIntersectionObserver.instances.push(this);
      }
      observe(element: Element) {
        this.observed.push(element);
      }
      disconnect() {
        this.disconnected = true;
      }
      report(isIntersecting: boolean) {
        const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
        this.callback(entries, this as unknown as IntersectionObserver);
      }
    }
    /**
     * Waits for the page's paint, after which a section makes its observer (and, waiting to be needed, listens for a
     * first input, in the same callback). Not a fixed wait: jest beside other suites on CI's two cores once took more
     * than 50 ms to reach it, and the test then saw no listener at all.
     */
    const observerMade = () => waitFor(() => expect(FakeIntersectionObserver.instances).toHaveLength(1));
    beforeEach(() => {
      FakeIntersectionObserver.instances = [];
      Object.defineProperty(window, 'IntersectionObserver', { value: FakeIntersectionObserver, configurable: true });
    });
    afterEach(() => {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
      jest.restoreAllMocks();
    });

    it('asks for the chunk only once its placeholder comes within a screen of the viewport', async () => {
      const load = jest.fn(() => Promise.resolve({ default: Greeting }));
      render(<AfterFirstPaint nearViewport load={load} props={{ name: 'Ada' }} fallback={<p>Loading</p>} />);
      await screen.findByText('Loading');
      await observerMade();
      const [observer] = FakeIntersectionObserver.instances;
      expect(observer.observed).toEqual([screen.getByText('Loading').parentElement]);
      expect(observer.options.rootMargin).toBe('0px 0px 100% 0px');

      act(() => observer.report(false));
      expect(load).not.toHaveBeenCalled();
      act(() => observer.report(true));
      expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
      expect(load).toHaveBeenCalledTimes(1);
      expect(observer.disconnected).toBe(true);
    });

    describe('whenNeeded: a grid a first screen may not show', () => {
      /** Renders one section waiting to be needed and returns its observer, once the page has painted. */
      async function waitingSection(load: jest.Mock) {
        render(<AfterFirstPaint whenNeeded load={load} props={{ name: 'Ada' }} fallback={<p>Loading</p>} />);
        await observerMade();
        return FakeIntersectionObserver.instances[0];
      }

      it('mounts once its place shows, not a margin below the screen', async () => {
        const load = jest.fn(() => Promise.resolve({ default: Greeting }));
        const observer = await waitingSection(load);
        expect(observer.options.rootMargin).toBe('0px');
        act(() => observer.report(false));
        expect(load).not.toHaveBeenCalled();
        act(() => observer.report(true));
        expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
      });

      it.each([
        ['a key press (a Tab)', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
        ['a click or a drag of the scroll bar', () => fireEvent.pointerDown(document.body)],
        ['a wheel', () => fireEvent.wheel(window)],
        ['a touch', () => fireEvent.touchStart(document.body)],
      ])('mounts at the first input anywhere: %s, and listens no more', async (_input, input) => {
        const load = jest.fn(() => Promise.resolve({ default: Greeting }));
        const added = jest.spyOn(window, 'addEventListener');
        const removed = jest.spyOn(window, 'removeEventListener');
        const observer = await waitingSection(load);
        const inputs = ['keydown', 'pointerdown', 'wheel', 'touchstart'];
        const ours = added.mock.calls.filter(([type]) => inputs.includes(type));
        expect(ours.map(([type]) => type)).toEqual(inputs);
        act(input);
        expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
        expect(load).toHaveBeenCalledTimes(1);
        expect(observer.disconnected).toBe(true);
        // Every listener it added is taken off again.
        for (const [type, listener] of ours)
          expect(removed.mock.calls.some(([t, l]) => t === type && l === listener)).toBe(true);
      });

      it('stops listening when it goes away unmounted', async () => {
        const load = jest.fn(() => Promise.resolve({ default: Greeting }));
        const { unmount } = render(
          <AfterFirstPaint whenNeeded load={load} props={{ name: 'Ada' }} fallback={<p>Loading</p>} />,
        );
        await observerMade();
        unmount();
        expect(FakeIntersectionObserver.instances[0].disconnected).toBe(true);
        fireEvent.keyDown(document.body, { key: 'Tab' });
        expect(load).not.toHaveBeenCalled();
      });
    });
  });
});

describe('usePreloadAfterFirstPaint: a chunk asked for before the component mounts', () => {
  function Preloading({ load, enabled }: { load: () => Promise<unknown>; enabled: boolean }) {
    usePreloadAfterFirstPaint(load, enabled);
    return <p>Page</p>;
  }
  const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

  it('requests the chunk once the page has painted, not during its render', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Greeting }));
    render(<Preloading load={load} enabled />);
    expect(load).not.toHaveBeenCalled();
    await act(painted);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('requests nothing when it is off (a phone, which never shows the grid)', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Greeting }));
    render(<Preloading load={load} enabled={false} />);
    await act(painted);
    await act(painted);
    expect(load).not.toHaveBeenCalled();
  });

  it('leaves a failed request to the component (no unhandled rejection)', async () => {
    const failure = new Error('Loading chunk 7 failed');
    const load = jest.fn(() => Promise.reject(failure));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    try {
      render(<Preloading load={load} enabled />);
      await act(painted);
      await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
      await act(painted);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
