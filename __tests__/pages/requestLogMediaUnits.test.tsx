import { screen, within } from '@testing-library/react';
import { fakeDb } from '../support/fakeBackend';
import { renderLog, withLogClock } from './requestLogHelpers';

// A media request in the request details drawer (docs/media.md): what it was billed by, in words, beside its door's
// name; a request priced by tokens (and a server older than media, which sends no unit) shows no Billed units row.
withLogClock();

describe('a media request in the request details drawer', () => {
  it('says its units and its door', async () => {
    const row = fakeDb.state.requests.find((request) => request.id === 'req-004')!;
    Object.assign(row, { endpoint: 'images.generations', unit: 'image:1024x1024', units: 2 });
    await renderLog('/usage-reports/requests?request=req-004', { hidden: true });
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(within(drawer).getByText('Billed units')).toBeInTheDocument();
    expect(within(drawer).getByText('2 images (1024x1024)')).toBeInTheDocument();
    expect(within(drawer).getByText('Images (OpenAI)')).toBeInTheDocument();
  });

  it('shows no Billed units row for a request priced by tokens', async () => {
    await renderLog('/usage-reports/requests?request=req-006', { hidden: true });
    const drawer = await screen.findByRole('dialog', { name: 'Request details' });
    expect(await within(drawer).findByText('Request ID')).toBeInTheDocument();
    expect(within(drawer).queryByText('Billed units')).not.toBeInTheDocument();
  });
});
