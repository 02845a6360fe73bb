import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { useAppSelector } from '@/lib/hooks';
import { selectTheme } from '@/lib/theme/theme-slice';
import type { ResultChart } from '../api/reports-api';
import { formatCell } from '../lib/cells';
import type { ChartModel } from '../lib/chart-data';

// Only what line and bar charts need (chart.js tree-shakes the rest away).
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, LineController, BarController, Tooltip, Legend);

/** Used when the theme's colours cannot be read (no stylesheet). */
const FALLBACK = { series: ['#2563eb', '#db2777', '#059669', '#d97706'], text: '#1f2937', grid: 'rgba(127,127,127,0.25)' };

/** The daisyUI theme's colours, read from its CSS variables (a canvas cannot use them directly). */
function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  const series = ['--color-primary', '--color-secondary', '--color-accent', '--color-info'].map(read);
  return {
    series: series.map((c, i) => c || FALLBACK.series[i]!),
    text: read('--color-base-content') || FALLBACK.text,
    grid: FALLBACK.grid,
  };
}

/**
 * One chart of a report (chart.js on a canvas, in its own lazy chunk). The canvas is an image
 * named by `description`; the table with the same figures is next to it.
 */
export default function ReportChart({ chart, model, description }: { chart: ResultChart; model: ChartModel; description: string }) {
  // Redrawn in the new colours when the theme changes.
  const theme = useAppSelector(selectTheme);
  const colors = useMemo(() => themeColors(), [theme]); // eslint-disable-line react-hooks/exhaustive-deps
  const yKind = model.series[0]?.kind;

  const data = useMemo<ChartData<'line' | 'bar'>>(
    () => ({
      labels: model.labels,
      datasets: model.series.map((s, i) => {
        const color = colors.series[i % colors.series.length]!;
        return { label: s.label, data: s.values, borderColor: color, backgroundColor: color, tension: 0.2 };
      }),
    }),
    [model, colors],
  );

  const options = useMemo<ChartOptions<'line' | 'bar'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      color: colors.text,
      plugins: {
        legend: { display: model.series.length > 1, labels: { color: colors.text } },
        tooltip: {
          callbacks: {
            label: (item) => `${item.dataset.label ?? ''}: ${formatCell(item.parsed.y, model.series[item.datasetIndex]?.kind)}`,
          },
        },
      },
      scales: {
        x: { ticks: { color: colors.text }, grid: { color: colors.grid } },
        y: {
          beginAtZero: true,
          ticks: { color: colors.text, precision: yKind === 'int' ? 0 : undefined, callback: (value) => formatCell(Number(value), yKind) },
          grid: { color: colors.grid },
        },
      },
    }),
    [colors, model, yKind],
  );

  return (
    <div className="relative h-72 w-full">
      <Chart type={chart.kind} data={data} options={options} role="img" aria-label={description} fallbackContent={<p>{description}</p>} />
    </div>
  );
}
