import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/data-table';
import { errorMessage } from '@/lib/api';
import { useAppDispatch } from '@/lib/hooks';
import { toastShown } from '@/lib/toast/toast-slice';
import {
  useCreateApparelTypeMutation,
  useDeleteApparelTypeMutation,
  useGetAdminApparelTypesQuery,
  useUpdateApparelTypeMutation,
  type TermType,
} from '../api/vocabulary-api';
import { failureMessage, successMessage, type Wording } from '../lib/messages';
import { TermActions, TermDescriptionCell, TermEditingProvider, TermNameCell, useTermEditing, type Term } from './term-editing';
import { TermForm } from './term-form';
import { typeBodyOf } from './term-schema';

const APPAREL_TYPE: Wording = { label: 'Apparel type', noun: 'apparel type', exclaim: true };

const columns: DataColumn<TermType>[] = [
  { accessorKey: 'name', header: 'Name', cell: ({ row }) => <TermNameCell term={row.original} /> },
  { accessorFn: (t) => t.description ?? '', id: 'description', header: 'Description', cell: ({ row }) => <TermDescriptionCell term={row.original} /> },
  { accessorFn: (t) => t.productCount ?? 0, id: 'productCount', header: 'Products' },
];

/** The summary counts of back-office.md §2 that the type list can tell. */
export function summaryOf(types: readonly TermType[]) {
  let mostCommon: TermType | null = null;
  for (const t of types) if (!mostCommon || (t.productCount ?? 0) > (mostCommon.productCount ?? 0)) mostCommon = t;
  return {
    total: types.length,
    mostCommon: mostCommon?.name ?? 'None',
    withDescriptions: types.filter((t) => t.description?.trim()).length,
    products: types.reduce((sum, t) => sum + (t.productCount ?? 0), 0),
    inUse: types.filter((t) => (t.productCount ?? 0) > 0).length,
  };
}

function Summary({ types }: { types: readonly TermType[] }) {
  const s = summaryOf(types);
  const stats: [string, string | number][] = [
    ['Total Types', s.total],
    ['Most Common', s.mostCommon],
    ['With Descriptions', s.withDescriptions],
    ['Total Products', s.products],
    ['Unique Apparel Types', s.inUse],
  ];
  return (
    <section aria-labelledby="apparel-type-summary" className="space-y-2">
      <h2 id="apparel-type-summary" className="sr-only">
        Summary
      </h2>
      <dl className="stats stats-vertical w-full border border-base-300 sm:stats-horizontal">
        {stats.map(([label, value]) => (
          <div key={label} className="stat">
            <dt className="stat-title text-base-content/80">{label}</dt>
            <dd className="stat-value text-2xl">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Apparel type management (back-office.md §2): summary counts, an add form that opens and
 * closes, rows that toggle between view and inline edit, delete with confirmation.
 */
export function ApparelTypesManager() {
  const dispatch = useAppDispatch();
  const formId = useId();
  const { data, error, isLoading, isFetching, isError, refetch } = useGetAdminApparelTypesQuery();
  const [create] = useCreateApparelTypeMutation();
  const [update] = useUpdateApparelTypeMutation();
  const [remove, { isLoading: deleting }] = useDeleteApparelTypeMutation();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<Term | null>(null);

  const write = async (action: 'create' | 'update' | 'delete', run: () => Promise<unknown>) => {
    try {
      await run();
      dispatch(toastShown(successMessage(APPAREL_TYPE, action), 'success'));
    } catch (e) {
      dispatch(toastShown(failureMessage(APPAREL_TYPE, action, e), 'error'));
      throw e;
    }
  };

  const editing = useTermEditing({
    save: (id, values) => write('update', () => update({ id, body: typeBodyOf(values) }).unwrap()),
    askDelete: setToDelete,
  });

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await write('delete', () => remove(toDelete.id).unwrap());
    } catch {
      // The toast said why.
    }
    setToDelete(null);
  };

  return (
    <div className="space-y-6">
      {data && <Summary types={data} />}
      <div className="space-y-3">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-expanded={adding}
          aria-controls={formId}
          onClick={() => setAdding((open) => !open)}
        >
          {adding ? 'Close Form' : 'Add Apparel Type'}
        </button>
        <div id={formId}>
          {adding && (
            <TermForm
              label="Add Apparel Type"
              nameLabel="Name"
              submitLabel="Create"
              withDescription
              autoFocus
              onSubmit={async (values) => {
                await write('create', () => create(typeBodyOf(values)).unwrap());
                setAdding(false);
              }}
              onCancel={() => setAdding(false)}
              className="rounded-box border border-base-300 p-4"
            />
          )}
        </div>
      </div>
      <TermEditingProvider value={editing}>
        <DataTable<TermType>
          title="Apparel Types"
          columns={columns}
          data={data}
          getRowId={(t) => t.id}
          isLoading={isLoading}
          isFetching={isFetching}
          error={isError && !data ? `Error loading apparel types: ${errorMessage(error, 'Unknown error')}` : null}
          onRetry={() => void refetch()}
          initialSorting={[{ id: 'name', desc: false }]}
          rowActions={(t) => <TermActions term={t} />}
        />
      </TermEditingProvider>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Apparel Type"
        message={`Are you sure you want to delete "${toDelete?.name ?? ''}"? This action cannot be undone.`}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
