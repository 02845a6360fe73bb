/** Back-office.md §4: the statuses of case break requests, orders and reports (the server's codes). */
export const STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type Status = (typeof STATUSES)[number];

export const STATUS_LABELS: Record<Status, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
};

/** §9: the status filter's options, All first ('' is All). */
export const STATUS_FILTER_OPTIONS: { value: Status | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
];

/** The status filter an address asks for (`?status=PENDING`), or All. */
export const statusFilterOf = (value: string | null): Status | '' => STATUSES.find((s) => s === value) ?? '';

/** §4: what the admin may set an order to from its row or its detail (any of the three, any time). */
export const ORDER_STATUS_ACTIONS = ['PROCESSING', 'COMPLETED', 'FAILED'] as const satisfies readonly Status[];

/** A case break request or a report that will change no more. */
export const isClosed = (status: string): boolean => status === 'COMPLETED' || status === 'FAILED';

/** "Completed" for COMPLETED; an unknown code as it is. */
export const statusLabel = (status: string): string => STATUS_LABELS[status as Status] ?? status;
