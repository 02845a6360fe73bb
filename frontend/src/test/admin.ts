import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** A back-office row's Delete, confirmed in its dialog. */
export async function deleteRow(title: string): Promise<void> {
  await userEvent.click(await screen.findByRole('button', { name: `Delete ${title}` }));
  await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
}

/** A page of a back-office list as GET /api/products and /api/apparel answer it (25 a page). */
export const listPage = <T>(contents: T[], totalItems = contents.length, hasMore = false) => ({
  contents,
  totalItems,
  hasMore,
  totalPages: Math.ceil(totalItems / 25),
});

/** Named things (brands, categories, colours) from `{ id: name }`, in that order. */
export const named = (entries: Record<string, string>) => Object.entries(entries).map(([id, name]) => ({ id, name }));

/** A list's empty and failed states: "No data found." in a cell, then "Error loading data" in the alert. */
export async function expectEmptyThenFailed(render: (answer: [number, unknown]) => { unmount: () => void }, empty: unknown): Promise<void> {
  const { unmount } = render([200, empty]);
  expect(await screen.findByRole('cell', { name: 'No data found.' })).toBeInTheDocument();
  unmount();
  render([400, { message: 'bad page' }]);
  expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data');
}

/** A refused Delete (409 with a message, then 400 without) says "Error deleting {noun}: {message}", then "Failed to delete {noun}". */
export async function expectDeleteFailures(
  render: (answer: () => [number, unknown]) => unknown,
  { title, message, noun }: { title: string; message: string; noun: string },
): Promise<void> {
  let answer: [number, unknown] = [409, { message }];
  render(() => answer);
  await deleteRow(title);
  expect(await screen.findByText(`Error deleting ${noun}: ${message}`)).toBeInTheDocument();
  answer = [400, {}];
  await deleteRow(title);
  expect(await screen.findByText(`Failed to delete ${noun}`)).toBeInTheDocument();
}
