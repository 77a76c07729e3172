import { screen } from '@testing-library/react';
import { SectionCard } from '../../src/components/SectionCard';
import { renderWithProviders } from '../support/render';

let failing = true;
function Fragile() {
  if (failing) throw new Error('payments is not iterable');
  return <p>Three payments</p>;
}

describe('a part of a page that fails to render', () => {
  beforeEach(() => {
    failing = true;
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows its own error with Retry while the rest of the page works, and Retry renders it again', async () => {
    const { user } = renderWithProviders(
      <>
        <SectionCard titleId="payments-title" title="Payment History">
          <Fragile />
        </SectionCard>
        <SectionCard titleId="balance-title" title="Credit Balance">
          <p>$12.00</p>
        </SectionCard>
      </>,
    );
    expect(screen.getByText('Payment History could not be shown: payments is not iterable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment History' })).toBeInTheDocument();
    expect(screen.getByText('$12.00')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Three payments')).toBeInTheDocument();
    expect(screen.queryByText(/could not be shown/)).not.toBeInTheDocument();
  });
});
