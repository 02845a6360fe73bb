import * as yup from 'yup';
import type { TypeBody } from '../api/vocabulary-api';

/** Back-office.md §5: names of metadata, show types and apparel types. */
export const NAME_REQUIRED = 'Name is required';

/** A name (trimmed, required) and, for show and apparel types, an optional description. */
export const termSchema = yup.object({
  name: yup.string().trim().required(NAME_REQUIRED),
  description: yup.string().trim().default(''),
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
