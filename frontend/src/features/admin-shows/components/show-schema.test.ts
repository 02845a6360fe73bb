import { caseOnly, pickerProduct, show } from '../test/fixtures';
import { MAX_DESCRIPTION_LEN, MAX_SHOW_NOTES_LEN, MAX_TITLE_LEN } from '@/lib/limits';
import { formFieldOf, formValuesOf, lineOf, parsePrice, parseQuantity, sellsUnits, showBodyOf, showMessages, showSchema } from './show-schema';

describe('show form values', () => {
  it.each([
    ['12', 12],
    ['12.5', 12.5],
    ['1499.99', 1499.99],
    ['.5', 0.5],
    [' 7 ', 7],
    ['0', null],
    ['0.00', null],
    ['-1', null],
    ['1.999', null],
    ['1e3', null],
    ['', null],
  ])('reads the price %p as %p', (text, price) => {
    expect(parsePrice(text)).toBe(price);
  });

  it.each([
    ['1', 1],
    ['9999', 9999],
    ['0', null],
    ['10000', null],
    ['2.5', null],
    ['', null],
  ])('reads the quantity %p as %p', (text, quantity) => {
    expect(parseQuantity(text)).toBe(quantity);
  });

  it.each([
    ['title', 'title'],
    ['showTypeId', 'showTypeId'],
    ['products', 'products'],
    ['products[3].productId', 'products.3.productId'],
    ['products[0].quantity', 'products.0.quantity'],
    ['products[x].quantity', null],
    ['sku', null],
  ])('places the server field %p on %p', (server, field) => {
    expect(formFieldOf(server)).toBe(field);
  });

  it('refuses a line note, title or description past the server limits with its words', async () => {
    const values = formValuesOf(show());
    const [first, ...rest] = values.products;
    const longNote = { ...values, products: [{ ...first!, notes: 'x'.repeat(MAX_SHOW_NOTES_LEN + 1) }, ...rest] };
    await expect(showSchema.validateAt('products[0].notes', longNote)).rejects.toThrow('Notes must be at most 500 characters');
    await expect(showSchema.validateAt('title', { ...values, title: 'x'.repeat(MAX_TITLE_LEN + 1) })).rejects.toThrow(showMessages.titleLength);
    await expect(showSchema.validateAt('description', { ...values, description: 'x'.repeat(MAX_DESCRIPTION_LEN + 1) })).rejects.toThrow(
      'Description must be at most 10000 characters',
    );
    await expect(showSchema.isValid(values)).resolves.toBe(true);
  });

  it('offers units only for a case-breakable product whose unit is for sale (§5)', () => {
    expect(sellsUnits(pickerProduct())).toBe(true);
    expect(sellsUnits(caseOnly())).toBe(false);
    expect(sellsUnits(pickerProduct({ unitProduct: null }))).toBe(false);
    expect(lineOf(caseOnly(), false)).toEqual({ productId: 'p2', title: 'Thunder King', sku: 'TH-200', hasUnit: false, isUnit: false, quantity: '1', notes: '' });
  });

  it('sends back what it read, blank optional text left out', () => {
    expect(showBodyOf(formValuesOf(show({ description: '  ', videoURL: 'https://youtu.be/x', image: '/uploads/a.png' })))).toEqual({
      title: 'Midnight Countdown',
      casePrice: 1499.99,
      image: '/uploads/a.png',
      videoURL: 'https://youtu.be/x',
      inStock: true,
      showTypeId: 't1',
      brandId: 'b1',
      categoryId: 'c1',
      products: [
        { productId: 'p1', quantity: 3, notes: 'finale', isUnit: false },
        { productId: 'p2', quantity: 2, isUnit: false },
      ],
    });
  });
});
