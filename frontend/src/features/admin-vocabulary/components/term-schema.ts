import * as yup from 'yup';
import { MAX_TERM_DESCRIPTION_LEN, MAX_TERM_NAME_LEN, tooLong } from '@/lib/limits';
import type { TypeBody } from '../api/vocabulary-api';

/** Back-office.md §5: names of metadata, show types and apparel types. */
export const NAME_REQUIRED = 'Name is required';
/** The server's words for a name or description past its limit. */
export const NAME_TOO_LONG = tooLong('Name', MAX_TERM_NAME_LEN);
export const DESCRIPTION_TOO_LONG = tooLong('Description', MAX_TERM_DESCRIPTION_LEN);

/** A name (trimmed, required) and, for show and apparel types, an optional description. */
export const termSchema = yup.object({
  name: yup.string().trim().required(NAME_REQUIRED).max(MAX_TERM_NAME_LEN, NAME_TOO_LONG),
  description: yup.string().trim().default('').max(MAX_TERM_DESCRIPTION_LEN, DESCRIPTION_TOO_LONG),
});

export type TermValues = yup.InferType<typeof termSchema>;

export const EMPTY_TERM: TermValues = { name: '', description: '' };

/** The body of a type write: the description only when not blank. */
export function typeBodyOf(values: TermValues): TypeBody {
  const name = values.name.trim();
  const description = values.description.trim();
  return description ? { name, description } : { name };
}

/** Whether a name would pass (the add buttons stay disabled while it would not). */
export const isBlank = (name: string | undefined) => !name || name.trim() === '';
