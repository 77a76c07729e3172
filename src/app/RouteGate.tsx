import { Component, startTransition, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '../components/PageLoader';
import { RouteErrorPage } from '../pages/not-found/RouteErrorPage';

/**
 * What a route asks before it renders (src/app/loaders.ts): the path to go to instead, or null to render the route.
 * A route's gate runs when the route is entered, not on each navigation inside it.
 */
export type RouteGate = () => Promise<string | null>;

/**
 * The run of each gate not yet taken by its route: one started before React (index.tsx's startRoute), or by the
 * first of StrictMode's two effects, is the one the route takes. Keyed by the gate itself, which is made for one
 * store (createGates in routes.tsx), so another store never sees this one's answer.
 */
const runs = new WeakMap<RouteGate, Promise<string | null>>();

/** Runs `gate` unless a run of it is under way or answered and not yet taken; the run. */
export function startGate(gate: RouteGate): Promise<string | null> {
  let run = runs.get(gate);
  if (!run) {
    run = gate();
    runs.set(gate, run);
  }
  return run;
}

type Answer = { goTo: string | null } | { error: unknown };

/**
 * Renders `children` once `gate` has answered that they may be shown and `load` has downloaded them, or goes where
 * the gate says; the loading ring meanwhile. A gate that fails is the route error boundary's. The gate runs each time its route is entered, not on
 * navigations inside it (a session may have started or ended since the last time).
 */
export function Gated({
  gate,
  load,
  children,
}: {
  gate: RouteGate;
  load: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [answer, setAnswer] = useState<Answer>();
  useEffect(() => {
    let active = true;
    const take = (taken: Answer) => {
      if (!active) return;
      runs.delete(gate);
      // A transition, as the data router's state updates were: React renders the route (the layout and its page,
      // the heaviest render of a visit) in slices, yielding between them, not in one long task.
      startTransition(() => setAnswer(taken));
    };
    // What the route shows downloads while the gate asks (a chunk that fails is the error boundary's too).
    Promise.all([startGate(gate), load()]).then(
      ([goTo]) => take({ goTo }),
      (error: unknown) => take({ error }),
    );
    return () => {
      active = false;
    };
  }, [gate, load]);
  if (!answer) return <PageLoader />;
  if ('error' in answer) throw answer.error;
  return answer.goTo === null ? children : <Navigate to={answer.goTo} replace />;
}

interface BoundaryState {
  error: unknown;
  /** The path the error happened on: another path starts clean. */
  at: string | null;
}

class ErrorBoundaryAtPath extends Component<{ path: string; children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: undefined, at: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { path: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === undefined) return { at: props.path };
    return state.at === props.path ? null : { error: undefined, at: props.path };
  }

  render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

/** A route that fails to load or render (a chunk lost to a deploy, a gate that threw) shows a way out, not a blank. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundaryAtPath path={pathname}>{children}</ErrorBoundaryAtPath>;
}
