import { useState } from 'react';
import { errorMessage } from '@/lib/api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useGetRefundsQuery, useRetryRefundMutation, type Refund } from '../api/reports-api';
import { REFUND_RETRY_FAILED, REFUNDS_LOAD_FAILED } from '../lib/messages';
import { refundStatusLabel } from '../lib/refunds';

/**
 * An order's refunds, oldest first (issue 34): amount, reason, status, who and when. A refund
 * the provider did not answer is pending; "Send again" asks the provider again with the same
 * key (it is never given twice), and the outcome is said below the table.
 */
export function RefundList({ orderId }: { orderId: string }) {
  const { data: refunds, isLoading, isError, error, refetch } = useGetRefundsQuery(orderId);
  const [retryRefund, retrying] = useRetryRefundMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const heading = `refunds-${orderId}`;
  const sendAgain = async (refund: Refund) => {
    setOutcome(null);
    try {
      const done = await retryRefund({ orderId, refundId: refund.id }).unwrap();
      setOutcome({ ok: true, text: `The refund of ${formatMoney(done.amount)} was ${done.status === 'DONE' ? 'given' : 'sent again'}.` });
    } catch (e) {
      setOutcome({ ok: false, text: errorMessage(e, REFUND_RETRY_FAILED) });
    }
  };
  return (
    <section aria-labelledby={heading}>
      <h3 id={heading} className="mb-2 font-semibold">
        Refunds
      </h3>
      {isLoading && <p>Loading refunds...</p>}
      {isError && (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <span>{errorMessage(error, REFUNDS_LOAD_FAILED)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      )}
      {refunds && refunds.length === 0 && <p>No refunds.</p>}
      {refunds && refunds.length > 0 && (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm" aria-labelledby={heading}>
            <thead>
              <tr>
                <th scope="col" className="text-right">
                  Amount
                </th>
                <th scope="col">Reason</th>
                <th scope="col">Status</th>
                <th scope="col">By</th>
                <th scope="col">Date</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((refund) => (
                <tr key={refund.id}>
                  <td className="text-right tabular-nums">{formatMoney(refund.amount)}</td>
                  <td className="break-words">
                    {refund.reason}
                    {refund.restocked && <span className="block text-sm text-base-content/80">Stock returned</span>}
                  </td>
                  <td>
                    <span className={`badge badge-sm whitespace-nowrap ${refund.status === 'DONE' ? 'badge-success' : 'badge-warning'}`}>
                      {refundStatusLabel(refund.status)}
                    </span>
                  </td>
                  <td className="break-all font-mono text-sm">{refund.createdBy}</td>
                  <td>
                    <time dateTime={refund.createdOn}>{formatDateTime(refund.createdOn)}</time>
                  </td>
                  <td>
                    {refund.status === 'PENDING' && (
                      <button
                        type="button"
                        className="btn btn-xs"
                        disabled={retrying.isLoading}
                        aria-label={`Send the refund of ${formatMoney(refund.amount)} again`}
                        onClick={() => void sendAgain(refund)}
                      >
                        Send again
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${outcome.ok ? 'text-success' : 'text-error'}`}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
