import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { AppLink } from '@/components/app-link';
import { Field, SelectField } from '@/components/field';
import { ImageField } from '@/components/image-field';
import { errorMessage } from '@/lib/api';
import { MAX_VIDEO_URL_LEN } from '@/lib/limits';

/**
 * The pieces the back office's product, apparel and show forms share: the sections, the
 * named-choice selects, the media section and the buttons.
 */

const COLUMNS = { 1: '', 2: ' sm:grid-cols-2', 3: ' sm:grid-cols-3' } as const;

/** A section of a form: a bordered fieldset with its legend, its fields on a grid. */
export function FormSection({ legend, columns = 2, children }: { legend: string; columns?: keyof typeof COLUMNS; children: ReactNode }) {
  return (
    <fieldset className={`fieldset grid gap-3 rounded-box border border-base-300 p-4${COLUMNS[columns]}`}>
      <legend className="fieldset-legend text-lg">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The options of a select of named things (brands, categories, types), by id. */
export function Choices({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}

/** A required select of named things, with "Select a ..." first. */
export function ChoiceSelect({
  id,
  label,
  placeholder,
  items,
  error,
  registration,
}: {
  id: string;
  label: string;
  placeholder: string;
  items: readonly { id: string; name: string }[];
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <SelectField id={id} label={label} required error={error} registration={registration}>
      <option value="">{placeholder}</option>
      <Choices items={items} />
    </SelectField>
  );
}

/** The Media section: the image (an address or an upload) and the video address. */
export function MediaSection({
  idPrefix,
  image,
  errors,
  registrations,
  onUploaded,
  onUploadFailed,
  wide = true,
}: {
  idPrefix: string;
  image: string;
  errors: { image?: string; videoURL?: string };
  registrations: { image: UseFormRegisterReturn; videoURL: UseFormRegisterReturn };
  onUploaded: (url: string) => void;
  onUploadFailed: (message: string) => void;
  /** Two columns, the image across both (products and apparel); else one column (shows). */
  wide?: boolean;
}) {
  const imageField = (
    <ImageField
      id={`${idPrefix}-image`}
      value={image}
      error={errors.image}
      registration={registrations.image}
      onUploaded={onUploaded}
      onUploadFailed={onUploadFailed}
    />
  );
  return (
    <FormSection legend="Media" columns={wide ? 2 : 1}>
      {wide ? <div className="sm:col-span-2">{imageField}</div> : imageField}
      <Field id={`${idPrefix}-video`} label="Video URL" type="url" maxLength={MAX_VIDEO_URL_LEN} error={errors.videoURL} registration={registrations.videoURL} />
    </FormSection>
  );
}

/** The case price, the package and In Stock of a product or apparel form; `children` after them. */
export function CaseFields({
  idPrefix,
  packagePlaceholder,
  packageHint,
  errors,
  registrations,
  children,
}: {
  idPrefix: string;
  packagePlaceholder: string;
  packageHint: string;
  errors: { casePrice?: string; package?: string };
  registrations: { casePrice: UseFormRegisterReturn; package: UseFormRegisterReturn; inStock: UseFormRegisterReturn };
  children?: ReactNode;
}) {
  return (
    <FormSection legend="Price and Stock">
      <Field
        id={`${idPrefix}-case-price`}
        label="Case Price ($)"
        type="text"
        inputMode="decimal"
        required
        error={errors.casePrice}
        registration={registrations.casePrice}
      />
      <Field
        id={`${idPrefix}-package`}
        label="Package"
        type="text"
        required
        placeholder={packagePlaceholder}
        hint={packageHint}
        error={errors.package}
        registration={registrations.package}
      />
      <label className="flex cursor-pointer items-center gap-2">
        <input type="checkbox" className="checkbox checkbox-sm" {...registrations.inStock} />
        <span>In Stock</span>
      </label>
      {children}
    </FormSection>
  );
}

/** Colours or effects: a group of checkboxes (a multi-select that reads well and works by keyboard). */
export function OptionGroup({
  id,
  legend,
  options,
  selected,
  error,
  onChange,
}: {
  id: string;
  legend: string;
  options: readonly { id: string; name: string }[];
  selected: string[];
  error?: string;
  onChange: (next: string[]) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-3" aria-describedby={error ? errorId : undefined}>
      <legend className="fieldset-legend">
        {legend}
        {selected.length > 0 && <span className="badge badge-sm badge-primary ml-2">{selected.length} selected</span>}
      </legend>
      <div className="grid max-h-56 grid-cols-2 gap-1 overflow-y-auto sm:grid-cols-3">
        {options.map((o) => (
          <label key={o.id} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={selected.includes(o.id)}
              onChange={(e) => onChange(e.target.checked ? [...selected, o.id] : selected.filter((s) => s !== o.id))}
            />
            <span>{o.name}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="rounded bg-error px-2 py-1 text-sm text-error-content">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Cancel (back to the list) and the submit button, "Saving..." while busy. */
export function FormActions({ cancelTo, busy, submitLabel }: { cancelTo: string; busy: boolean; submitLabel: string }) {
  return (
    <div className="flex gap-3">
      <AppLink to={cancelTo} className="btn btn-ghost">
        Cancel
      </AppLink>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving...' : submitLabel}
      </button>
    </div>
  );
}

/** An edit screen whose read failed: the error (or `notFound`) and the way back to the list. */
export function LoadFailed({ what, error, notFound, backTo, backLabel }: { what: string; error: unknown; notFound: string; backTo: string; backLabel: string }) {
  return (
    <div role="alert" className="alert alert-error flex flex-wrap justify-between">
      <span>
        Error loading {what}: {errorMessage(error, notFound)}
      </span>
      <AppLink to={backTo} className="btn btn-sm">
        {backLabel}
      </AppLink>
    </div>
  );
}

/** An edit screen given another kind of product: what it is, and a link to its own form. */
export function OwnScreen({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p role="alert" className="alert">
      {children}{' '}
      <AppLink to={to} className="link">
        Edit it on its own screen
      </AppLink>
      .
    </p>
  );
}
