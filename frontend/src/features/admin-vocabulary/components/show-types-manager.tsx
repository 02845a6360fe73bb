import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useAppDispatch } from '@/lib/hooks';
import { showTypeLabel } from '@/lib/show-types';
import { toastShown } from '@/lib/toast/toast-slice';
import {
  useCreateShowTypeMutation,
  useDeleteShowTypeMutation,
  useGetAdminShowTypesQuery,
  useUpdateShowTypeMutation,
  type TermType,
} from '../api/vocabulary-api';
import { failureMessage, LOAD_FAILED, successMessage, type Wording } from '../lib/messages';
import { TermForm } from './term-form';
import { typeBodyOf, type TermValues } from './term-schema';

const SHOW_TYPE: Wording = { label: 'Show type', noun: 'show type' };

/** Back-office.md §8: the empty show type list. */
export const NO_SHOW_TYPES = 'No show types found. Create one to get started.';

const columns: DataColumn<TermType>[] = [
  // The name (storefront.md §2's label for the seeded codes such as FOURTH_JULY), sorted by it.
  { accessorFn: (t) => showTypeLabel(t.name), id: 'name', header: 'Name', cell: ({ getValue }) => <span className="font-medium">{getValue<string>()}</span> },
  {
    accessorFn: (t) => t.description ?? '',
    id: 'description',
    header: 'Description',
    cell: ({ getValue }) => getValue<string>() || <span className="text-base-content/80">No description</span>,
  },
];

/** The form open: creating, or editing one type. Only one at a time (§4). */
type Mode = { kind: 'create' } | { kind: 'edit'; type: TermType } | null;

/**
 * Show type management (back-office.md §2, §4): a list, and one create-or-edit form at a time;
 * while it is open every other action is disabled.
 */
export function ShowTypesManager() {
  const dispatch = useAppDispatch();
  const { data, isLoading, isFetching, isError, refetch } = useGetAdminShowTypesQuery();
  const [create] = useCreateShowTypeMutation();
  const [update] = useUpdateShowTypeMutation();
  const [remove, { isLoading: deleting }] = useDeleteShowTypeMutation();
  const [mode, setMode] = useState<Mode>(null);
  const [toDelete, setToDelete] = useState<TermType | null>(null);
  const busy = mode !== null;

  const write = async (action: 'create' | 'update' | 'delete', run: () => Promise<unknown>) => {
    try {
      await run();
      dispatch(toastShown(successMessage(SHOW_TYPE, action), 'success'));
    } catch (error) {
      dispatch(toastShown(failureMessage(SHOW_TYPE, action, error), 'error'));
      throw error;
    }
  };

  const submit = async (values: TermValues) => {
    if (mode?.kind === 'edit') {
      const { id } = mode.type;
      await write('update', () => update({ id, body: typeBodyOf(values) }).unwrap());
    } else {
      await write('create', () => create(typeBodyOf(values)).unwrap());
    }
    setMode(null);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await write('delete', () => remove(toDelete.id).unwrap());
    } catch {
      // The toast said why.
    }
    setToDelete(null);
  };

  const editing = mode?.kind === 'edit' ? mode.type : null;
  return (
    <div className="space-y-6">
      {mode && (
        <section aria-labelledby="show-type-form-title" className="rounded-box border border-base-300 p-4">
          <h2 id="show-type-form-title" className="mb-3 text-xl font-semibold">
            {editing ? `Edit Show Type: ${showTypeLabel(editing.name)}` : 'Create Show Type'}
          </h2>
          <TermForm
            key={editing?.id ?? 'new'}
            label={editing ? 'Edit Show Type' : 'Create Show Type'}
            nameLabel="Name"
            submitLabel={editing ? 'Update' : 'Create'}
            withDescription
            autoFocus
            defaultValues={editing ? { name: editing.name, description: editing.description ?? '' } : undefined}
            onSubmit={submit}
            onCancel={() => setMode(null)}
          />
        </section>
      )}
      <DataTable<TermType>
        title="Show Types"
        columns={columns}
        data={data}
        getRowId={(t) => t.id}
        isLoading={isLoading}
        isFetching={isFetching}
        error={isError && !data ? LOAD_FAILED : null}
        onRetry={() => void refetch()}
        emptyMessage={NO_SHOW_TYPES}
        initialSorting={[{ id: 'name', desc: false }]}
        create={{ label: 'Create Show Type', onClick: () => setMode({ kind: 'create' }), disabled: busy }}
        rowActions={(t) => (
          <>
            <button type="button" className="btn btn-xs" aria-label={`Edit ${showTypeLabel(t.name)}`} disabled={busy} onClick={() => setMode({ kind: 'edit', type: t })}>
              Edit
            </button>
            <button
              type="button"
              className="btn btn-error btn-xs"
              aria-label={`Delete ${showTypeLabel(t.name)}`}
              disabled={busy}
              onClick={() => setToDelete(t)}
            >
              Delete
            </button>
          </>
        )}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Show Type"
        message={`Are you sure you want to delete "${showTypeLabel(toDelete?.name)}"?`}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
