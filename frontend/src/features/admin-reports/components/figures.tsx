/** A few labelled figures (totals, a report's summary), as a description list in a named group. */
export function Figures({ label, items }: { label: string; items: { label: string; value: string }[] }) {
  return (
    <div role="group" aria-label={label}>
      <dl className="flex flex-wrap gap-3">
        {items.map((item) => (
          <div key={item.label} className="min-w-36 rounded-box border border-base-300 bg-base-100 px-4 py-3">
            <dt className="text-sm text-base-content/80">{item.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
