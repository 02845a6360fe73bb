import { screen } from '@testing-library/react';
import { CardFigure } from '@/components/product-image';
import { renderAt } from '@/test/render';
import { ListingResults, ROW_CARDS } from './listing';

const items = Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, image: `/images/products/P${i}.svg` }));

describe('ListingResults', () => {
  it("loads the first row's pictures at once and first, the others lazily", () => {
    renderAt(
      <ListingResults
        items={items}
        total={items.length}
        hasMore={false}
        isFetching={false}
        isPlaceholderData={false}
        gridLabel="Product results"
        emptyTitle="No Products Found"
        renderItem={(item) => <CardFigure src={item.image} to={`/products/${item.id}`} />}
        paging={{ filters: { page: 1, pageSize: 25 }, update: () => {} }}
      />,
    );
    const grid = screen.getByRole('list', { name: 'Product results' });
    const pictures = [...grid.querySelectorAll('img')];
    expect(pictures).toHaveLength(items.length);
    pictures.forEach((img, i) => {
      const first = i < ROW_CARDS;
      expect(img).toHaveAttribute('src', items[i].image);
      expect(img).toHaveAttribute('loading', first ? 'eager' : 'lazy');
      if (first) expect(img).toHaveAttribute('fetchpriority', 'high');
      else expect(img).not.toHaveAttribute('fetchpriority');
    });
  });
});
