import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Field, TextAreaField } from '@/components/field';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { orderNumber } from '@/lib/orders';
import { fieldsNamed, useServerFieldErrors } from '@/lib/server-field-errors';
import { toastShown } from '@/lib/toast/toast-slice';
import { useRefundOrderMutation, type Sale } from '../api/reports-api';
import { REFUND_FAILED, refundIssued } from '../lib/messages';
import { MAX_REFUND_REASON_LEN, mayRestock, refundLeftCents } from '../lib/refunds';
import { amountCents, EMPTY_REFUND, refundSchema, type RefundValues } from './refund-schema';

/** Where a 422 answer's messages go: on the fields, the first focused; anything else in the alert. */
const placeRefundError = fieldsNamed<RefundValues>(['amount', 'reason', 'restock']);

/**
 * Refunding an order, fully or in part (issue 34): the amount (at most what the server says is
 * left), the reason, and for a refund of the whole order whether its stock goes back. The
 * server's field messages land on the fields; a refusal (409) or a provider that did not answer
 * (503: the refund stays pending) is said in the dialog. Success closes it and says the amount.
 */
export function RefundDialog({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [refund] = useRefundOrderMutation();
  const leftCents = refundLeftCents(sale);
  const schema = useMemo(() => refundSchema(leftCents), [leftCents]);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RefundValues>({ resolver: yupResolver(schema), mode: 'onTouched', defaultValues: EMPTY_REFUND });
  const showServerErrors = useServerFieldErrors({ setError, setFocus });
  const wholeOrder = mayRestock(sale, amountCents(watch('amount')));

  // The stock goes back only with a refund of the whole order: a box ticked then disabled is not sent ticked.
  useEffect(() => {
    if (!wholeOrder) setValue('restock', false);
  }, [wholeOrder, setValue]);

  useEffect(() => setFocus('amount'), [setFocus]);

  const onSubmit = async (values: RefundValues) => {
    try {
      const done = await refund({
        orderId: sale.id,
        amount: Number(values.amount),
        reason: values.reason,
        restock: wholeOrder && values.restock,
      }).unwrap();
      dispatch(toastShown(refundIssued(formatMoney(done.amount)), 'success'));
      onClose();
    } catch (error) {
      showServerErrors(error, { place: placeRefundError, message: errorMessage(error, REFUND_FAILED) });
    }
  };

  return (
    <Modal title={`Refund order ${orderNumber(sale.id)}`} onClose={onClose}>
      <form id={`${id}-form`} aria-label="Refund" onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
        <p>
          Grand total {formatMoney(sale.grandTotal)}
          {sale.refunded > 0 && <>, refunded {formatMoney(sale.refunded)}</>}: {formatMoney(leftCents / 100)} left to refund.
        </p>
        {errors.root?.server && (
          <p role="alert" className="alert alert-error">
            {errors.root.server.message}
          </p>
        )}
        <Field
          id={`${id}-amount`}
          label="Amount ($)"
          type="text"
          inputMode="decimal"
          required
          hint={`At most ${formatMoney(leftCents / 100)}.`}
          error={errors.amount?.message}
          registration={register('amount')}
        />
        <TextAreaField
          id={`${id}-reason`}
          label="Reason"
          rows={3}
          required
          maxLength={MAX_REFUND_REASON_LEN}
          error={errors.reason?.message}
          registration={register('reason')}
        />
        <div className="flex flex-col gap-1">
          <label className={`flex items-center gap-2 ${wholeOrder ? 'cursor-pointer' : 'cursor-not-allowed opacity-70'}`}>
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              disabled={!wholeOrder}
              aria-describedby={`${id}-restock-hint${errors.restock ? ` ${id}-restock-error` : ''}`}
              {...register('restock')}
            />
            <span>Return the stock to inventory</span>
          </label>
          <p id={`${id}-restock-hint`} className="text-sm text-base-content/80">
            Only with a refund of the whole order ({formatMoney(sale.grandTotal)}) when nothing was refunded before.
          </p>
          {errors.restock?.message && (
            <p id={`${id}-restock-error`} className="rounded bg-error px-2 py-1 text-sm text-error-content">
              {errors.restock.message}
            </p>
          )}
        </div>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Refunding...' : 'Refund'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
