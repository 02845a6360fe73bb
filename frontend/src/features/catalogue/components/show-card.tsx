import type { ReactNode } from 'react';
import { AppLink } from '@/components/app-link';
import { formatMoney } from '@/lib/format';
import type { Show } from '../api/types';
import { showTypeLabel } from '../lib/show-types';
import { CardFigure } from '@/components/product-image';

export const DESCRIPTION_PREVIEW = 100;

/** The first 100 characters of a description plus an ellipsis when longer. */
export function previewText(text: string | null | undefined, limit = DESCRIPTION_PREVIEW): string {
  const t = (text ?? '').trim();
  return t.length > limit ? `${t.slice(0, limit)}...` : t;
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Lines, unit quantity and case quantity of a show's contents. */
export function showCounts(show: Show): { products: number; units: number; cases: number; total: number } {
  let units = 0;
  let cases = 0;
  for (const sp of show.showProducts ?? []) {
    if (sp.isUnit) units += sp.quantity;
    else cases += sp.quantity;
  }
  return { products: (show.showProducts ?? []).length, units, cases, total: units + cases };
}

/** A show in a listing; `actions` (the cart's button) go after View Details. */
export function ShowCard({ show, to, heading: H = 'h2', actions }: { show: Show; to: string; heading?: 'h2' | 'h3'; actions?: ReactNode }) {
  const counts = showCounts(show);
  return (
    <article className="card h-full bg-base-100 shadow-md" data-testid="show-card">
      <CardFigure src={show.image} to={to} />
      <div className="card-body gap-2 p-4">
        {show.showType && <span className="badge badge-secondary badge-sm">{showTypeLabel(show.showType.name)}</span>}
        <H className="card-title text-base">{show.title}</H>
        <p className="font-semibold">{formatMoney(show.casePrice)}</p>
        <p className="text-sm">{previewText(show.description)}</p>
        <p className="text-sm">{plural(counts.products, 'product')} included</p>
        <p className="text-sm">
          {plural(counts.units, 'unit item')} · {plural(counts.cases, 'case item')}
        </p>
        <div className="card-actions mt-auto items-center">
          <AppLink to={to} className="btn btn-outline btn-sm" aria-label={`View Details of ${show.title}`}>
            View Details
          </AppLink>
          {actions}
        </div>
      </div>
    </article>
  );
}
