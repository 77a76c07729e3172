import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from './ErrorState';

interface WidgetBoundaryProps {
  /** What the part shows, for its error: 'Recent activity' gives "Recent activity could not be shown: …". */
  name: string;
  children: ReactNode;
}

interface WidgetBoundaryState {
  error: Error | null;
}

/**
 * One part of a page that fails to render shows its own error with Retry, and the rest of the page goes on working
 * (docs/frontend.md, "One failing part never takes its page down"): every SectionCard has one, and the layout has one
 * around the page. Retry renders the part again (its data may have arrived, or been refetched, since).
 */
export class WidgetBoundary extends Component<WidgetBoundaryProps, WidgetBoundaryState> {
  state: WidgetBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): WidgetBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.name} could not be shown`, error, info.componentStack);
  }

  private retry = () => this.setState({ error: null });

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ErrorState message={`${this.props.name} could not be shown: ${error.message}`} onRetry={this.retry} />;
  }
}
