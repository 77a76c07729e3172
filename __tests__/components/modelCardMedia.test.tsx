import { render, screen, within } from '@testing-library/react';
import { ModelCard } from '../../src/features/models/ModelCard';
import type { CatalogModel } from '../../contract/schemas/models';

// A media model on the models page (docs/media.md): its prices per unit instead of a table of token prices, and its
// doors by name; a server older than media sends no unit prices, and the card shows the token table as before.
const image: CatalogModel = {
  id: 'echo/image-1',
  kind: 'model',
  provider: 'echo',
  tiers: [
    {
      min_tokens: 0,
      max_tokens: null,
      prompt_cost_per_1m: 0,
      completion_cost_per_1m: 0,
      cache_read_cost_per_1m: null,
      cache_create_cost_per_1m: null,
      unit_prices: { image: 0.08, 'image:1024x1024': 0.04 },
    },
  ],
  endpoints: ['images.generations', 'images.edits'],
  supports_caching: false,
  reachable: true,
  key_ids: [],
};

describe('a media model’s card', () => {
  it('shows its prices per unit and its doors', () => {
    render(<ModelCard model={image} keyNames={new Map()} onCopy={() => undefined} />);
    const card = screen.getByRole('region', { name: 'echo/image-1' });
    expect(within(card).getByText('Prices: $0.08 per image · $0.04 per image (1024x1024)')).toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Endpoints: Images (OpenAI), Image edits (OpenAI)')).toBeInTheDocument();
  });

  it('without unit prices (a text model, an older server) shows the token table', () => {
    const text = { ...image, id: 'echo/echo-1', tiers: [{ ...image.tiers[0], unit_prices: undefined }] };
    render(<ModelCard model={text} keyNames={new Map()} onCopy={() => undefined} />);
    expect(screen.getByRole('table', { name: 'Prices of echo/echo-1 per 1M tokens' })).toBeInTheDocument();
  });
});
