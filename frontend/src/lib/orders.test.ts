import { orderNumber, orderTypeLabel } from './orders';

describe('orderNumber', () => {
  it('takes the random tail of the id, so orders of the same minute differ', () => {
    // Two UUIDv7 ids from the same minute: the same first group, different tails.
    expect(orderNumber('019ab3c2-7d41-7e2a-9f10-4c7be21a5d09')).toBe('E21A5D09');
    expect(orderNumber('019ab3c2-7e02-7b11-8a2c-91d04f3e6b7a')).toBe('4F3E6B7A');
  });
});

describe('orderTypeLabel', () => {
  it('words the server codes and keeps an unknown one', () => {
    expect(orderTypeLabel('apparelOnly')).toBe('Apparel only');
    expect(orderTypeLabel('barter')).toBe('barter');
  });
});
