import type { ColumnKind, ResultChart, ResultTable } from '../api/reports-api';

export interface ChartSeries {
  key: string;
  label: string;
  kind: ColumnKind;
  /** One value per x label (null where the cell is not a number). */
  values: (number | null)[];
}

/** What a chart draws: the x labels and one series per y column, all read from its table. */
export interface ChartModel {
  xLabel: string;
  labels: string[];
  series: ChartSeries[];
}

/**
 * A chart's data, drawn from the table it names (the server's values as they are), or null when
 * the table lacks its x column or every y column.
 */
export function chartModel(chart: ResultChart, table: ResultTable): ChartModel | null {
  const index = (key: string) => table.columns.findIndex((c) => c.key === key);
  const x = index(chart.x);
  if (x < 0) return null;
  const series = chart.y
    .map((key) => ({ key, at: index(key) }))
    .filter(({ at }) => at >= 0)
    .map(({ key, at }) => ({
      key,
      label: table.columns[at]!.label,
      kind: table.columns[at]!.kind,
      values: table.rows.map((row) => {
        const v = row[at];
        const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
        return Number.isFinite(n) ? n : null;
      }),
    }));
  if (series.length === 0) return null;
  return { xLabel: table.columns[x]!.label, labels: table.rows.map((row) => String(row[x] ?? '')), series };
}

/** The chart's text alternative: what it shows and where its figures are. */
export function chartDescription(chart: ResultChart, table: ResultTable, model: ChartModel): string {
  const what = model.series.map((s) => s.label).join(' and ');
  const kind = chart.kind === 'line' ? 'Line chart' : 'Bar chart';
  return `${kind} of ${what} by ${model.xLabel}, ${model.labels.length} ${model.labels.length === 1 ? 'point' : 'points'}; the figures are in the table "${table.title}".`;
}
