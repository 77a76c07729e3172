import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { AfterFirstPaint } from '../../src/components/AfterFirstPaint';

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
});
