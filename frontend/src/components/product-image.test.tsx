import { fireEvent, screen } from '@testing-library/react';
import { renderAt } from '@/test/render';
import { PLACEHOLDER_IMAGE, ProductImage } from './product-image';

describe('ProductImage', () => {
  it.each([null, '', PLACEHOLDER_IMAGE])('uses the placeholder for %p', (src) => {
    renderAt(<ProductImage src={src} alt="Hat" />);
    expect(screen.getByRole('img', { name: 'Hat' })).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });

  it('falls back to the placeholder when the image fails to load', () => {
    renderAt(<ProductImage src="/images/products/X.svg" alt="Hat" />);
    const img = screen.getByRole('img', { name: 'Hat' });
    expect(img).toHaveAttribute('src', '/images/products/X.svg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PLACEHOLDER_IMAGE);
  });
});
