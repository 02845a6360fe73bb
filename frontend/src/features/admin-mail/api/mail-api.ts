import type { Schemas } from '@/api';
import { api, REVALIDATE } from '@/lib/api';

/** An outgoing mail as the back office sees it: never its body (the API has none). */
export type Mail = Schemas['MailJson'];

/** A page of the outbox, newest first. */
export type MailPage = Schemas['PageJson_MailJson'];

/** The states of a mail (the document gives them as text). */
export const MAIL_STATES = ['PENDING', 'SENT', 'FAILED'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export interface MailListArgs {
  page: number;
  pageSize: number;
}

const LIST = { type: 'Mail', id: 'LIST' } as const;
const mail = (id: string) => ({ type: 'Mail' as const, id });

/** The outbox of the back office (issue 35): the list and a mail's resend. ADMIN only. */
export const mailApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOutgoingMail: build.query<MailPage, MailListArgs>({
      query: ({ page, pageSize }) => ({ url: `/admin/mail?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`, ...REVALIDATE }),
      providesTags: (result) => [LIST, ...(result?.contents ?? []).map((m) => mail(m.id))],
    }),
    // The mail goes back in line: its state, tries and next try change (the list shows them).
    resendMail: build.mutation<Schemas['MessageResponse'], string>({
      query: (id) => ({ url: `/admin/mail/${encodeURIComponent(id)}/resend`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [mail(id)],
    }),
  }),
});

export const { useGetOutgoingMailQuery, useResendMailMutation } = mailApi;
