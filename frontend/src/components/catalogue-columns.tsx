import type { DataColumn } from '@/components/data-table';
import { ProductImage } from '@/components/product-image';
import { formatMoney } from '@/lib/format';

/** What the back office's product, apparel and show rows all have. */
interface CatalogueRow {
  image: string;
  sku: string;
  title: string;
  casePrice: number;
  inStock: boolean;
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The image, SKU and title columns that start the product and apparel tables. */
export function leadColumns<T extends CatalogueRow>(): DataColumn<T>[] {
  return [
    {
      id: 'image',
      header: 'Image',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="w-16">
          <ProductImage src={row.original.image} alt="" />
        </div>
      ),
    },
    { id: 'sku', accessorFn: (r) => r.sku, header: 'SKU', cell: ({ getValue }) => <span className="whitespace-nowrap font-mono text-sm">{getValue<string>()}</span> },
    { id: 'title', accessorFn: (r) => r.title, header: 'Title', cell: ({ getValue }) => <span className="font-medium">{getValue<string>()}</span> },
  ];
}

/** The case price column (the server sorts by it, lowest first). */
export const casePriceColumn = <T extends CatalogueRow>(): DataColumn<T> => ({
  id: 'casePrice',
  accessorFn: (r) => r.casePrice,
  header: 'Case Price',
  sortDescFirst: false,
  cell: ({ getValue }) => formatMoney(getValue<number>()),
});

/** The In Stock column: a green Yes or a red No. */
export const inStockColumn = <T extends CatalogueRow>(): DataColumn<T> => ({
  id: 'inStock',
  accessorFn: (r) => r.inStock,
  header: 'In Stock',
  enableSorting: false,
  cell: ({ getValue }) => <span className={`badge ${getValue<boolean>() ? 'badge-success' : 'badge-error'}`}>{yesNo(getValue<boolean>())}</span>,
});
