import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { CardFacts, CardHeading, CardList, CardTitle } from '../../src/components/CardList';
import { cardListHeight } from '../../src/components/cardListStyle';
import { renderWithProviders } from '../support/render';

interface Row {
  id: string;
  name: string;
}

const ROWS: Row[] = Array.from({ length: 30 }, (_, index) => ({ id: `r${index}`, name: `Row ${index + 1}` }));

let cardsDrawn = 0;
function renderRow(row: Row) {
  cardsDrawn += 1;
  return (
    <>
      <CardTitle end={<span>Active</span>}>
        <CardHeading>{row.name}</CardHeading>
      </CardTitle>
      <CardFacts facts={[['Id', row.id]]} />
    </>
  );
}

/** A page around the list that re-renders on its own (another query's data arriving), and can change the rows. */
function Page() {
  const [ticks, setTicks] = useState(0);
  const [rows, setRows] = useState(ROWS);
  return (
    <>
      <button onClick={() => setTicks(ticks + 1)}>{`Tick ${ticks}`}</button>
      <button onClick={() => setRows(rows.map((row) => ({ ...row, name: `${row.name}!` })))}>New rows</button>
      <CardList
        items={rows}
        itemKey={(row) => row.id}
        renderCard={renderRow}
        label="Rows"
        loadingLabel="Loading rows"
        noRowsLabel="No rows"
      />
    </>
  );
}

describe('CardList', () => {
  beforeEach(() => {
    cardsDrawn = 0;
  });

  it('shows a page of cards with their title, labelled facts and page turner', async () => {
    const { user } = renderWithProviders(<Page />);
    const list = await screen.findByRole('list', { name: 'Rows' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(25);
    expect(within(cards[0]).getByText('Row 1')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('term')).toHaveTextContent('Id');
    expect(within(cards[0]).getByRole('definition')).toHaveTextContent('r0');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(within(screen.getByRole('list', { name: 'Rows' })).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Row 26')).toBeInTheDocument();
  });

  it('leaves its cards alone when the page re-renders with the same rows, and draws them again when they change', async () => {
    const { user } = renderWithProviders(<Page />);
    await screen.findByRole('list', { name: 'Rows' });
    const drawnFirst = cardsDrawn;
    expect(drawnFirst).toBeGreaterThanOrEqual(25);
    await user.click(screen.getByRole('button', { name: 'Tick 0' }));
    await user.click(screen.getByRole('button', { name: 'Tick 1' }));
    expect(screen.getByRole('button', { name: 'Tick 2' })).toBeInTheDocument();
    expect(cardsDrawn).toBe(drawnFirst);
    await user.click(screen.getByRole('button', { name: 'New rows' }));
    expect(await screen.findByText('Row 1!')).toBeInTheDocument();
    expect(cardsDrawn).toBeGreaterThan(drawnFirst);
  });
});

describe('cardListHeight', () => {
  it.each([
    [1, 188, 240],
    [3, 140, 496],
    [25, 220, 5840],
  ])('%i cards of %i px and the page turner hold %i px', (count, cardHeight, height) => {
    expect(cardListHeight(count, cardHeight)).toBe(height);
  });
});
