import { screen, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderLog, withLogClock } from './requestLogHelpers';

// A batch's line in the request details drawer (docs/batches.md): the batch it belongs to, with a copy button; a
// request sent alone (and a server older than batches, which sends no batch_id) shows no Batch row.
withLogClock();

describe('a batch line in the request details drawer', () => {
  it('names its batch', async () => {
    const row = fakeDb.state.requests.find((request) => request.id === 'req-004')!;
    Object.assign(row, { batch_id: 'batch_Q2hhdExpbmVzMTAwQmF0Y2g' });
    await renderLog('/usage-reports/requests?request=req-004', { hidden: true });
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(within(drawer).getByText('Batch')).toBeInTheDocument();
    expect(within(drawer).getByText('batch_Q2hhdExpbmVzMTAwQmF0Y2g')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Copy batch id' })).toBeInTheDocument();
  });

  it('shows no Batch row for a request sent alone', async () => {
    await renderLog('/usage-reports/requests?request=req-006', { hidden: true });
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(await within(drawer).findByText('Request ID')).toBeInTheDocument();
    expect(within(drawer).queryByText('Batch')).not.toBeInTheDocument();
  });
});
