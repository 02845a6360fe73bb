import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_SETTLE_MS } from '@/components/data-table';
import { ProductImage } from '@/components/product-image';
import { formatMoney } from '@/lib/format';
import { MAX_SEARCH_LEN } from '@/lib/limits';
import { useGetShowPickerProductsQuery, type PickerProduct } from '../api/shows-api';
import { Modal } from '@/components/modal';
import { sellsUnits } from './show-schema';

/** Back-office.md §9: the show product picker pages 10 products at a time. */
export const PICKER_PAGE_SIZE = 10;

/** The picker's question: fireworks (the server's default), by title, 10 per page. */
export function pickerSearch(page: number, search: string): string {
  const q = new URLSearchParams({ page: String(page), pageSize: String(PICKER_PAGE_SIZE) });
  if (search.trim()) q.set('searchTitle', search.trim());
  return q.toString();
}

/** What the show already holds, to mark the products in it. */
export interface HeldLine {
  productId: string;
  isUnit: boolean;
}

type Notice = { kind: 'added' | 'duplicate'; text: string } | null;

/**
 * The show product picker (back-office.md §2, §9): a modal dialog with a title search, the
 * fireworks 10 per page, and for each product "Add case" and, when it sells units (§5), "Add
 * unit". `onAdd` answers the duplicate warning when the show already holds the product that
 * way (nothing is added then), or null. The dialog stays open for more.
 */
export function ProductPicker({
  held,
  onAdd,
  onClose,
}: {
  held: HeldLine[];
  onAdd: (product: PickerProduct, isUnit: boolean) => string | null;
  onClose: () => void;
}) {
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const { data, isLoading, isFetching, isError, refetch } = useGetShowPickerProductsQuery(pickerSearch(page, search));

  const apply = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  useEffect(() => {
    if (text === search) return undefined;
    const timer = setTimeout(() => {
      setSearch(text);
      setPage(1);
    }, SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  const add = (p: PickerProduct, isUnit: boolean) => {
    const warning = onAdd(p, isUnit);
    setNotice(warning ? { kind: 'duplicate', text: warning } : { kind: 'added', text: `Added "${p.title}" as a ${isUnit ? 'unit' : 'case'}` });
  };
  const inShow = (p: PickerProduct, isUnit: boolean) => held.some((l) => l.productId === p.id && l.isUnit === isUnit);

  let body;
  if (isLoading) {
    body = (
      <p role="status" className="flex items-center gap-2 py-6">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        Loading products...
      </p>
    );
  } else if (isError || !data) {
    body = (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between">
        <span>Error loading data</span>
        <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    );
  } else if (data.contents.length === 0) {
    body = <p className="py-6 text-center">No data found.</p>;
  } else {
    body = (
      <ul aria-label="Products" aria-busy={isFetching || undefined} className="divide-y divide-base-300">
        {data.contents.map((p) => {
          const units = sellsUnits(p);
          return (
            <li key={p.id} className="flex flex-wrap items-center gap-3 py-2">
              <div className="w-14 shrink-0">
                <ProductImage src={p.image} alt="" />
              </div>
              <div className="min-w-0 flex-1">
                <p className="font-medium">{p.title}</p>
                <p className="text-sm">
                  <span className="font-mono">{p.sku}</span> · Case {formatMoney(p.casePrice)}
                  {units && p.unitProduct && <> · Unit {formatMoney(p.unitProduct.unitPrice)}</>}
                  {!p.inStock && <span className="badge badge-sm badge-neutral ml-2">Out of stock</span>}
                </p>
                {(inShow(p, false) || inShow(p, true)) && (
                  <p className="text-sm">
                    In the show as {[inShow(p, false) && 'a case', inShow(p, true) && 'a unit'].filter(Boolean).join(' and ')}
                  </p>
                )}
              </div>
              <div className="flex gap-1">
                <button type="button" className="btn btn-primary btn-xs" aria-label={`Add case of ${p.title}`} onClick={() => add(p, false)}>
                  Add case
                </button>
                {units && (
                  <button type="button" className="btn btn-xs" aria-label={`Add unit of ${p.title}`} onClick={() => add(p, true)}>
                    Add unit
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  const totalPages = Math.max(1, data?.totalPages ?? 1);
  return (
    <Modal
      title="Add Products"
      onClose={onClose}
      initialFocus={searchRef}
      size="picker"
      footer={
        <button type="button" className="btn" onClick={onClose}>
          Done
        </button>
      }
    >
      <div className="space-y-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="font-medium">
            Search products by title
          </label>
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            maxLength={MAX_SEARCH_LEN}
            className="input w-full"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                if (text !== search) apply(text);
              }
            }}
          />
        </div>
        {notice?.kind === 'duplicate' ? (
          <p role="alert" className="alert alert-warning">
            {notice.text}
          </p>
        ) : (
          <p role="status" className="min-h-6 text-sm">
            {notice?.text}
          </p>
        )}
        {body}
        {data && data.totalItems > 0 && (
          <nav aria-label="Product pages" className="flex flex-wrap items-center gap-2">
            <button type="button" className="btn btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span className="px-2 font-medium" aria-current="page">
              Page {page} of {totalPages}
            </span>
            <button type="button" className="btn btn-sm" disabled={!data.hasMore || isFetching} onClick={() => setPage(page + 1)}>
              Next
            </button>
            <span className="text-sm">{data.totalItems} products</span>
          </nav>
        )}
      </div>
    </Modal>
  );
}
