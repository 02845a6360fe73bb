import { lazy, Suspense, useId, useMemo } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { Loading } from '@/components/loading';
import type { CellValue, ReportResult, ResultChart, ResultTable } from '../api/reports-api';
import { formatCell } from '../lib/cells';
import { chartDescription, chartModel } from '../lib/chart-data';
import { Figures } from './figures';

// chart.js comes in its own chunk, fetched when a result with a chart is shown.
const ReportChart = lazy(() => import(/* webpackChunkName: "admin-report-chart" */ './report-chart'));

interface Row {
  index: number;
  cells: CellValue[];
}

const ALIGN_RIGHT = new Set(['int', 'money', 'percent']);

/** A chart drawn from its table, captioned with its title; the canvas is an image named by its description. */
function ChartFigure({ chart, table }: { chart: ResultChart; table: ResultTable }) {
  const id = useId();
  const model = useMemo(() => chartModel(chart, table), [chart, table]);
  if (!model) return null;
  const description = chartDescription(chart, table, model);
  return (
    <figure aria-labelledby={`${id}-caption`} className="rounded-box border border-base-300 p-3">
      <figcaption id={`${id}-caption`} className="mb-2 font-semibold">
        {chart.title}
      </figcaption>
      <Suspense fallback={<Loading label="Loading the chart..." />}>
        <ReportChart chart={chart} model={model} description={description} />
      </Suspense>
    </figure>
  );
}

/** One table of a result, with the charts drawn from it above its rows. */
function ResultTableSection({ table, charts }: { table: ResultTable; charts: ResultChart[] }) {
  const columns = useMemo<DataColumn<Row>[]>(
    () =>
      table.columns.map((col, i) => ({
        id: col.key,
        header: col.label,
        accessorFn: (row: Row) => row.cells[i] ?? null,
        cell: ({ getValue }) => {
          const text = formatCell(getValue<CellValue>(), col.kind);
          return ALIGN_RIGHT.has(col.kind) ? <span className="block text-right tabular-nums">{text}</span> : text;
        },
      })),
    [table],
  );
  const rows = useMemo(() => table.rows.map((cells, index) => ({ index, cells })), [table]);
  return (
    <DataTable<Row>
      title={table.title}
      headingLevel={3}
      columns={columns}
      data={rows}
      getRowId={(r) => String(r.index)}
      emptyMessage="No rows."
    >
      {charts.map((chart) => (
        <ChartFigure key={chart.id} chart={chart} table={table} />
      ))}
    </DataTable>
  );
}

/**
 * A completed report's result: the summary figures, then each table with the charts drawn from
 * it. Every figure is the server's; money cells show $ and two decimals.
 */
export function ReportResultView({ result }: { result: ReportResult }) {
  const summary = result.summary ?? [];
  const tables = result.tables ?? [];
  const charts = result.charts ?? [];
  return (
    <div className="space-y-8">
      {summary.length > 0 && (
        <Figures label="Summary" items={summary.map((f) => ({ label: f.label, value: formatCell(f.value, f.kind) }))} />
      )}
      {tables.map((table) => (
        <ResultTableSection key={table.id} table={table} charts={charts.filter((c) => c.table === table.id)} />
      ))}
      {tables.length === 0 && <p>This report has no tables.</p>}
    </div>
  );
}
