/** A postal address as the API sends it (profiles, terminals, quotes and orders). */
export interface PostalAddress {
  id?: string;
  street1: string;
  street2?: string | null;
  city: string;
  state: string;
  postalCode: string;
}

/** The lines of an address as printed on a label: street, second street line (if any), "City, ST 12345". */
export function addressLines(address: PostalAddress): string[] {
  const lines = [address.street1, address.street2 ?? '', `${address.city}, ${address.state} ${address.postalCode}`];
  return lines.map((l) => l.trim()).filter((l) => l !== '');
}
