import { fireEvent, screen } from '@testing-library/react';
import { renderAt } from '@/test/render';
import { PLACEHOLDER_IMAGE, PLACEHOLDER_PICTURE, ProductImage } from './product-image';

describe('ProductImage', () => {
  it.each([null, '', ' ', PLACEHOLDER_IMAGE, PLACEHOLDER_PICTURE, 'placeholder'])('shows the placeholder drawing for %p', (src) => {
    renderAt(<ProductImage src={src} alt="Hat" />);
    expect(screen.getByRole('img', { name: 'Hat' })).toHaveAttribute('src', '/placeholder.svg');
  });

  it('falls back to the placeholder when the image fails to load', () => {
    renderAt(<ProductImage src="/images/products/X.svg" alt="Hat" />);
    const img = screen.getByRole('img', { name: 'Hat' });
    expect(img).toHaveAttribute('src', '/images/products/X.svg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_PICTURE);
    // The drawing failing too is left as it is (no loop).
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_PICTURE);
  });

  it("loads lazily, unless it is the page's first picture", () => {
    renderAt(
      <>
        <ProductImage src="/images/products/A.svg" alt="Card" />
        <ProductImage src="/images/products/B.svg" alt="Detail" priority />
      </>,
    );
    const card = screen.getByRole('img', { name: 'Card' });
    expect(card).toHaveAttribute('loading', 'lazy');
    expect(card).not.toHaveAttribute('fetchpriority');
    const detail = screen.getByRole('img', { name: 'Detail' });
    expect(detail).toHaveAttribute('loading', 'eager');
    expect(detail).toHaveAttribute('fetchpriority', 'high');
  });
});
