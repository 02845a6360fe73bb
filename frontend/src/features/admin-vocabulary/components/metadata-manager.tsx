import { useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useAppDispatch } from '@/lib/hooks';
import { toastShown } from '@/lib/toast/toast-slice';
import {
  METADATA_KINDS,
  useCreateMetadataItemMutation,
  useDeleteMetadataItemMutation,
  useGetMetadataPagesQuery,
  useUpdateMetadataItemMutation,
  type MetadataItem,
  type MetadataKind,
  type MetadataKindPage,
} from '../api/vocabulary-api';
import { failureMessage, LOAD_FAILED, successMessage, type Wording } from '../lib/messages';
import { TermActions, TermEditingProvider, TermNameCell, useTermEditing, type Term } from './term-editing';
import { TermForm } from './term-form';
import type { TermValues } from './term-schema';

/** The search key of the tab shown (/admin/products/metadata?tab=colors). */
export const TAB_PARAM = 'tab';

export const KIND_WORDING: Record<MetadataKind, Wording & { title: string }> = {
  brands: { title: 'Brands', label: 'Brand', noun: 'brand' },
  categories: { title: 'Categories', label: 'Category', noun: 'category' },
  colors: { title: 'Colors', label: 'Color', noun: 'color' },
  effects: { title: 'Effects', label: 'Effect', noun: 'effect' },
};

const columns: DataColumn<MetadataItem>[] = [
  { accessorKey: 'name', header: 'Name', cell: ({ row }) => <TermNameCell term={row.original} /> },
  { accessorKey: 'productCount', header: 'Products' },
];

const kindOf = (value: string | null): MetadataKind =>
  METADATA_KINDS.find((k) => k === value) ?? 'brands';

/** One kind's panel: the add form, the table with inline edit, and the delete confirmation. */
function MetadataPanel({
  kind,
  page,
  isLoading,
  isFetching,
  failed,
  onRetry,
}: {
  kind: MetadataKind;
  page: MetadataKindPage | undefined;
  isLoading: boolean;
  isFetching: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const w = KIND_WORDING[kind];
  const dispatch = useAppDispatch();
  const [create] = useCreateMetadataItemMutation();
  const [update] = useUpdateMetadataItemMutation();
  const [remove, { isLoading: deleting }] = useDeleteMetadataItemMutation();
  const [toDelete, setToDelete] = useState<Term | null>(null);

  const write = async (action: 'create' | 'update' | 'delete', run: () => Promise<unknown>) => {
    try {
      await run();
      dispatch(toastShown(successMessage(w, action), 'success'));
    } catch (error) {
      dispatch(toastShown(failureMessage(w, action, error), 'error'));
      throw error;
    }
  };

  const editing = useTermEditing({
    save: (id, values: TermValues) => write('update', () => update({ kind, id, name: values.name }).unwrap()),
    askDelete: setToDelete,
  });

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await write('delete', () => remove({ kind, id: toDelete.id }).unwrap());
    } catch {
      // The toast said why.
    }
    setToDelete(null);
  };

  const total = page?.totalItems ?? 0;
  const shown = page?.contents.length ?? 0;
  return (
    <div className="space-y-4">
      <TermForm
        label={`Add ${w.label}`}
        nameLabel={`New ${w.noun} name`}
        submitLabel={`Add ${w.label}`}
        resetOnSuccess
        onSubmit={(values) => write('create', () => create({ kind, name: values.name }).unwrap())}
      />
      <TermEditingProvider value={editing}>
        <DataTable<MetadataItem>
          title={w.title}
          columns={columns}
          data={page?.contents}
          getRowId={(item) => item.id}
          isLoading={isLoading}
          isFetching={isFetching}
          error={failed ? LOAD_FAILED : null}
          onRetry={onRetry}
          paging={false}
          initialSorting={[{ id: 'name', desc: false }]}
          rowActions={(item) => <TermActions term={item} />}
        >
          {total > shown && (
            <p className="text-sm">
              Showing the first {shown} of {total} {w.title.toLowerCase()}.
            </p>
          )}
        </DataTable>
      </TermEditingProvider>
      <ConfirmDialog
        open={toDelete !== null}
        title={`Delete ${w.label}`}
        message={`Are you sure you want to delete "${toDelete?.name ?? ''}"?`}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

/**
 * The metadata screen (back-office.md §2): tabs Brands, Categories, Colors and Effects, each with
 * its count, add, inline edit and delete; no paging. All four kinds come from one call.
 */
export function MetadataManager() {
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get(TAB_PARAM));
  const { data, isLoading, isFetching, isError, refetch } = useGetMetadataPagesQuery();
  const tabs = useRef<Partial<Record<MetadataKind, HTMLButtonElement | null>>>({});

  const select = (next: MetadataKind, focus = false) => {
    setParams((p) => {
      const out = new URLSearchParams(p);
      out.set(TAB_PARAM, next);
      return out;
    }, { replace: true });
    if (focus) tabs.current[next]?.focus();
  };

  // The tabs pattern: arrows move between tabs, Home and End go to the first and last.
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = METADATA_KINDS.indexOf(kind);
    const last = METADATA_KINDS.length - 1;
    const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(METADATA_KINDS[to]!, true);
  };

  return (
    <div className="space-y-4">
      <div role="tablist" aria-label="Metadata kinds" className="tabs tabs-box w-fit">
        {METADATA_KINDS.map((k) => {
          const count = data?.[k]?.totalItems;
          return (
            <button
              key={k}
              ref={(el) => {
                tabs.current[k] = el;
              }}
              type="button"
              role="tab"
              id={`metadata-tab-${k}`}
              aria-selected={k === kind}
              aria-controls={`metadata-panel-${k}`}
              tabIndex={k === kind ? 0 : -1}
              className={`tab gap-2 text-base-content ${k === kind ? 'tab-active' : ''}`}
              onClick={() => select(k)}
              onKeyDown={onKeyDown}
            >
              {KIND_WORDING[k].title}
              {count !== undefined && <span className="badge badge-sm">{count}</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`metadata-panel-${kind}`} aria-labelledby={`metadata-tab-${kind}`}>
        <MetadataPanel
          key={kind}
          kind={kind}
          page={data?.[kind]}
          isLoading={isLoading}
          isFetching={isFetching}
          failed={isError && !data}
          onRetry={() => void refetch()}
        />
      </div>
    </div>
  );
}
