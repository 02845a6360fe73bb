import { yupResolver } from '@hookform/resolvers/yup';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import * as yup from 'yup';
import { Modal } from '@/components/modal';
import { fieldErrors } from '@/lib/api';
import { useAppDispatch } from '@/lib/hooks';
import { owedUnitsText } from '@/lib/owed-units';
import { toastShown } from '@/lib/toast/toast-slice';
import { useProcessCaseBreakMutation, type CaseBreakRequest } from '../api/reports-api';
import { CASE_BREAK_PROCESSED, CASE_BREAK_PROCESS_FAILED, processFailure, QUANTITY_MESSAGE } from '../lib/messages';

/** Back-office.md §5: a whole number from 1 (the input's minimum is 1). */
export const processSchema = yup.object({
  quantityAdded: yup
    .string()
    .trim()
    .required(QUANTITY_MESSAGE)
    .test('positive', QUANTITY_MESSAGE, (v) => /^\d+$/.test(v ?? '') && Number(v) >= 1 && Number.isSafeInteger(Number(v))),
});
type ProcessValues = yup.InferType<typeof processSchema>;

/**
 * Processing a case break request (§4): the units to add to the product's stock, prefilled with
 * the quantity asked for. The server's field error lands on the field; a refusal (409: closed
 * meanwhile) is said in the dialog and as a toast.
 */
export function ProcessDialog({ request, onClose }: { request: CaseBreakRequest; onClose: () => void }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [process] = useProcessCaseBreakMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProcessValues>({
    resolver: yupResolver(processSchema),
    mode: 'onTouched',
    defaultValues: { quantityAdded: String(request.quantity) },
  });
  const { ref, ...field } = register('quantityAdded');
  const error = errors.quantityAdded?.message;

  const onSubmit = async (values: ProcessValues) => {
    try {
      await process({ id: request.id, productId: request.productId, quantityAdded: Number(values.quantityAdded) }).unwrap();
      dispatch(toastShown(CASE_BREAK_PROCESSED, 'success'));
      onClose();
    } catch (e) {
      const message = processFailure(e, CASE_BREAK_PROCESS_FAILED);
      dispatch(toastShown(message, 'error'));
      const byField = fieldErrors(e);
      if (byField.quantityAdded) {
        setError('quantityAdded', { type: 'server', message: byField.quantityAdded }, { shouldFocus: true });
      } else {
        setError('root.server', { type: 'server', message });
      }
    }
  };

  return (
    <Modal title="Process Case Break Request" onClose={onClose} initialFocus={inputRef}>
      <form id={`${id}-form`} onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <p>
          <span className="font-semibold">{request.title}</span> ({request.sku}): {request.quantity} {request.quantity === 1 ? 'unit' : 'units'}{' '}
          requested
          {request.boxSize.length > 0 && <>, {request.boxSize[0]} per box</>}.
        </p>
        {errors.root?.server && (
          <p role="alert" className="alert alert-error">
            {errors.root.server.message}
          </p>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-quantity`} className="font-medium">
            Quantity to add
          </label>
          <input
            id={`${id}-quantity`}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            className={`input w-40 ${error ? 'input-error' : ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-required
            ref={(el) => {
              ref(el);
              inputRef.current = el;
            }}
            {...field}
          />
          <p id={`${id}-hint`} className="text-sm text-base-content/80">
            {request.owedUnits > 0 ? (
              // decisions.md "Stock": the case's units fill the waiting order first.
              <>
                The units the opened case gave: the first {request.owedUnits} fill the waiting order ({owedUnitsText(request.owedUnits)}), the
                rest are added to the product&apos;s stock, and the request is completed.
              </>
            ) : (
              <>These units are added to the product&apos;s stock and the request is completed.</>
            )}
          </p>
          {error && (
            <p id={`${id}-error`} className="rounded bg-error px-2 py-1 text-sm text-error-content">
              {error}
            </p>
          )}
        </div>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Processing...' : 'Process'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
