import { yupResolver } from '@hookform/resolvers/yup';
import { createContext, useCallback, useContext, useEffect, useId, useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { MAX_TERM_DESCRIPTION_LEN, MAX_TERM_NAME_LEN } from '@/lib/limits';
import { useServerFieldErrors } from '@/lib/server-field-errors';
import { TERM_ERRORS } from './term-form';
import { EMPTY_TERM, isBlank, termSchema, type TermValues } from './term-schema';

/** A row that can be edited in place: a metadata item or an apparel type. */
export interface Term {
  id: string;
  name: string;
  description?: string | null;
}

/** The inline edit of one row at a time, shared by the row's cells through context. */
export interface TermEditing {
  editingId: string | null;
  /** The id of the row's form: the inputs of other cells and the Save button name it. */
  formId: string;
  register: UseFormRegister<TermValues>;
  errors: FieldErrors<TermValues>;
  canSave: boolean;
  saving: boolean;
  start: (term: Term) => void;
  cancel: () => void;
  submit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  askDelete: (term: Term) => void;
}

const TermEditingContext = createContext<TermEditing | null>(null);

export const TermEditingProvider = TermEditingContext.Provider;

function useTermEditingContext(): TermEditing {
  const value = useContext(TermEditingContext);
  if (!value) throw new Error('A term cell renders inside TermEditingProvider');
  return value;
}

/**
 * The state of a table's inline edit. `save` throws on failure (after its toast): the row stays
 * in edit, with the server's field messages on its inputs.
 */
export function useTermEditing({
  save,
  askDelete,
}: {
  save: (id: string, values: TermValues) => Promise<void>;
  askDelete: (term: Term) => void;
}): TermEditing {
  const formId = useId();
  const [editingId, setEditingId] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TermValues>({ resolver: yupResolver(termSchema), mode: 'onChange', defaultValues: EMPTY_TERM });
  const showServerErrors = useServerFieldErrors({ setError, setFocus });
  const name = watch('name');

  useEffect(() => {
    if (editingId) setFocus('name');
  }, [editingId, setFocus]);

  const start = useCallback(
    (term: Term) => {
      reset({ name: term.name, description: term.description ?? '' });
      setEditingId(term.id);
    },
    [reset],
  );
  const cancel = useCallback(() => setEditingId(null), []);
  const submit = handleSubmit(async (values) => {
    if (!editingId) return;
    try {
      await save(editingId, values);
      setEditingId(null);
    } catch (error) {
      showServerErrors(error, TERM_ERRORS);
    }
  });

  return {
    editingId,
    formId,
    register,
    errors,
    canSave: !isBlank(name) && !isSubmitting,
    saving: isSubmitting,
    start,
    cancel,
    submit,
    askDelete,
  };
}

function ErrorLine({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 rounded bg-error px-2 py-1 text-sm text-error-content">
      {message}
    </p>
  );
}

/** The name cell: the name, or its input (inside the row's form) while the row is edited. */
export function TermNameCell({ term }: { term: Term }) {
  const e = useTermEditingContext();
  if (e.editingId !== term.id) return <span className="font-medium">{term.name}</span>;
  const inputId = `${e.formId}-name`;
  const message = e.errors.name?.message;
  return (
    <form id={e.formId} onSubmit={e.submit} noValidate aria-label={`Edit ${term.name}`}>
      <label htmlFor={inputId} className="sr-only">
        Name
      </label>
      <input
        id={inputId}
        type="text"
        maxLength={MAX_TERM_NAME_LEN}
        className={`input input-sm w-full ${message ? 'input-error' : ''}`}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${inputId}-error` : undefined}
        onKeyDown={(ev) => {
          if (ev.key === 'Escape') e.cancel();
        }}
        {...e.register('name')}
      />
      <ErrorLine id={`${inputId}-error`} message={message} />
    </form>
  );
}

/** The description cell: the description, or its input (in the row's form) while edited. */
export function TermDescriptionCell({ term }: { term: Term }) {
  const e = useTermEditingContext();
  if (e.editingId !== term.id) {
    return term.description ? <span>{term.description}</span> : <span className="text-base-content/80">No description</span>;
  }
  const inputId = `${e.formId}-description`;
  const message = e.errors.description?.message;
  return (
    <>
      <label htmlFor={inputId} className="sr-only">
        Description
      </label>
      <input
        id={inputId}
        type="text"
        maxLength={MAX_TERM_DESCRIPTION_LEN}
        form={e.formId}
        className="input input-sm w-full"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${inputId}-error` : undefined}
        onKeyDown={(ev) => {
          if (ev.key === 'Escape') e.cancel();
        }}
        {...e.register('description')}
      />
      <ErrorLine id={`${inputId}-error`} message={message} />
    </>
  );
}

/**
 * A row's buttons: Edit and Delete, or Save and Cancel while it is edited. Each button has its
 * own key: were Save the Edit element re-typed in place, the click that opened the editor would
 * end on a submit button and save the unchanged name at once (issue 32, item 1).
 */
export function TermActions({ term }: { term: Term }) {
  const e = useTermEditingContext();
  if (e.editingId === term.id) {
    return (
      <>
        <button key="save" type="submit" form={e.formId} className="btn btn-primary btn-xs" disabled={!e.canSave}>
          {e.saving ? 'Saving...' : 'Save'}
        </button>
        <button key="cancel" type="button" className="btn btn-ghost btn-xs" onClick={e.cancel}>
          Cancel
        </button>
      </>
    );
  }
  return (
    <>
      <button key="edit" type="button" className="btn btn-xs" aria-label={`Edit ${term.name}`} onClick={() => e.start(term)}>
        Edit
      </button>
      <button key="delete" type="button" className="btn btn-error btn-xs" aria-label={`Delete ${term.name}`} onClick={() => e.askDelete(term)}>
        Delete
      </button>
    </>
  );
}
