import { DataTable, type DataColumn } from '@/components/data-table';
import { useServerList } from '@/components/server-list';
import { formatDateTime } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { toastShown } from '@/lib/toast/toast-slice';
import { useGetOutgoingMailQuery, useResendMailMutation, type Mail } from '../api/mail-api';
import { MAIL_EMPTY, MAIL_FAILED, MAIL_RESENT, resendFailure } from '../lib/messages';
import { MailStateBadge } from './mail-state-badge';

/** What an empty cell shows. */
const EMPTY_CELL = '—';

const moment = (at: string) => <time dateTime={at}>{formatDateTime(at)}</time>;

const columns: DataColumn<Mail>[] = [
  { accessorKey: 'to', header: 'Recipient', cell: ({ getValue }) => <span className="break-all">{getValue<string>()}</span> },
  { accessorKey: 'subject', header: 'Subject' },
  {
    accessorKey: 'state',
    header: 'State',
    cell: ({ row }) => (
      <div className="flex flex-col items-start gap-1">
        <MailStateBadge state={row.original.state} />
        {row.original.nextAttemptAt && <span className="text-xs text-base-content/80">Next try {moment(row.original.nextAttemptAt)}</span>}
      </div>
    ),
  },
  { accessorKey: 'attempts', header: 'Tries', cell: ({ getValue }) => <span className="tabular-nums">{getValue<number>()}</span> },
  {
    accessorKey: 'lastError',
    header: 'Last error',
    cell: ({ getValue }) => <span className="break-words text-sm">{getValue<string | null | undefined>() || EMPTY_CELL}</span>,
  },
  { accessorKey: 'createdAt', header: 'Created', cell: ({ getValue }) => moment(getValue<string>()) },
];

/**
 * The outbox (issue 35), newest first, paged by the server: recipient, subject, state, tries and
 * the last error of each mail, never its body. Resend puts a mail back in line (a failed one
 * too; not a sent password reset, whose link the server no longer keeps); the server's words
 * say so in a toast and the list is read again.
 */
export function MailTable() {
  const dispatch = useAppDispatch();
  const list = useServerList();
  const { data, isLoading, isFetching, isError, refetch } = useGetOutgoingMailQuery({ page: list.page, pageSize: list.pageSize });
  const [resend, { isLoading: resending, originalArgs: resendingId }] = useResendMailMutation();

  const onResend = async (mail: Mail) => {
    try {
      const { message } = await resend(mail.id).unwrap();
      dispatch(toastShown(message || MAIL_RESENT, 'success'));
    } catch (error) {
      dispatch(toastShown(resendFailure(error), 'error'));
    }
  };

  return (
    <DataTable<Mail>
      title="All Mail"
      columns={columns}
      data={data?.contents}
      getRowId={(m) => m.id}
      isLoading={isLoading}
      isFetching={isFetching}
      error={isError ? MAIL_FAILED : null}
      onRetry={() => void refetch()}
      emptyMessage={MAIL_EMPTY}
      search={false}
      paging={list.paging(data?.totalItems ?? 0, data?.hasMore ?? false)}
      rowActions={(m) =>
        // A sent reset link is not kept by the server: the admin sends a new one instead.
        m.kind === 'passwordReset' && m.state === 'SENT' ? null : (
        <button
          type="button"
          className="btn btn-xs"
          disabled={resending && resendingId === m.id}
          aria-label={`Resend "${m.subject}" to ${m.to}`}
          onClick={() => void onResend(m)}
        >
          Resend
        </button>
        )
      }
    />
  );
}
