import * as yup from 'yup';
import { MAX_REPORT_DESCRIPTION_LEN, MAX_REPORT_NAME_LEN, tooLong } from '@/lib/limits';
import type { ReportRequestBody } from '../api/reports-api';
import { endOfDay, RANGE_ORDER_MESSAGE, startOfDay, todayUtc } from '../lib/dates';
import {
  DEFAULT_TOP_PERFORMERS,
  FLAG_LABELS,
  INTERVALS,
  MAX_TOP_PERFORMERS,
  MIN_TOP_PERFORMERS,
  REPORT_KIND_LABELS,
  REPORT_PARAMETERS,
  type Flag,
  type Interval,
  type ReportKind,
} from '../lib/report-types';

/** The server's messages (domain::reports; the limits are in src/lib/limits.ts). */
export const reportMessages = {
  name: 'Name is required',
  nameLength: tooLong('Name', MAX_REPORT_NAME_LEN),
  description: tooLong('Description', MAX_REPORT_DESCRIPTION_LEN),
  topPerformersCount: `Enter a whole number from ${MIN_TOP_PERFORMERS} to ${MAX_TOP_PERFORMERS}`,
  range: RANGE_ORDER_MESSAGE,
} as const;

const FLAGS = Object.keys(FLAG_LABELS) as Flag[];

export type ReportFormValues = {
  name: string;
  description: string;
  /** YYYY-MM-DD or ''. */
  startDate: string;
  endDate: string;
  interval: Interval;
  /** As typed (the input is a number field). */
  topPerformersCount: string;
} & Record<Flag, boolean>;

const WHOLE = /^\d+$/;

/** The top performers count, or null unless it is a whole number from 1 to 100. */
export function parseTopPerformers(text: string): number | null {
  const t = text.trim();
  if (!WHOLE.test(t)) return null;
  const n = Number(t);
  return n >= MIN_TOP_PERFORMERS && n <= MAX_TOP_PERFORMERS ? n : null;
}

/** §3: every flag defaults to true. */
const flagSchema = () => yup.boolean().required().default(true);

/** The form's rules for one type: only that type's parameters are checked. */
export function reportSchema(kind: ReportKind) {
  const p = REPORT_PARAMETERS[kind];
  return yup.object({
    name: yup.string().trim().required(reportMessages.name).max(MAX_REPORT_NAME_LEN, reportMessages.nameLength),
    description: yup.string().trim().max(MAX_REPORT_DESCRIPTION_LEN, reportMessages.description).default(''),
    startDate: yup
      .string()
      .default('')
      .test('range', reportMessages.range, function (start) {
        const end = (this.parent as ReportFormValues).endDate;
        return !p.dated || !start || !end || start <= end;
      }),
    endDate: yup.string().default(''),
    interval: yup
      .string()
      .oneOf(INTERVALS.map((i) => i.value))
      .default('day'),
    topPerformersCount: yup
      .string()
      .default(String(DEFAULT_TOP_PERFORMERS))
      .test('top', reportMessages.topPerformersCount, (v) => !p.topPerformersCount || parseTopPerformers(v ?? '') !== null),
    ...(Object.fromEntries(FLAGS.map((f) => [f, flagSchema()])) as Record<Flag, ReturnType<typeof flagSchema>>),
  });
}

/**
 * §3's defaults: dates from none to today (§5), every flag on, interval day, 10 top performers,
 * and a name the admin may keep ("Sales report 2026-07-04").
 */
export function reportDefaults(kind: ReportKind, now: Date = new Date()): ReportFormValues {
  return {
    name: `${REPORT_KIND_LABELS[kind]} report ${todayUtc(now)}`,
    description: '',
    startDate: '',
    endDate: todayUtc(now),
    interval: 'day',
    topPerformersCount: String(DEFAULT_TOP_PERFORMERS),
    ...(Object.fromEntries(FLAGS.map((f) => [f, true])) as Record<Flag, boolean>),
  };
}

/** POST /api/reports: the type's parameters only, dates as §5 instants, no description when blank. */
export function reportBody(kind: ReportKind, v: ReportFormValues): ReportRequestBody {
  const p = REPORT_PARAMETERS[kind];
  const parameters: ReportRequestBody['parameters'] = {};
  if (p.dated) {
    if (v.startDate) parameters.startDate = startOfDay(v.startDate);
    if (v.endDate) parameters.endDate = endOfDay(v.endDate);
  }
  for (const flag of p.flags) parameters[flag] = v[flag];
  if (p.interval) parameters.interval = v.interval;
  if (p.topPerformersCount) parameters.topPerformersCount = parseTopPerformers(v.topPerformersCount) ?? Number.NaN;
  const description = v.description.trim();
  return { type: kind, name: v.name.trim(), ...(description ? { description } : {}), parameters };
}

/** A field of the form named by a 422 answer ("name", "parameters.startDate"), or null. */
export function formFieldOf(serverField: string): keyof ReportFormValues | null {
  const key = serverField.replace(/^parameters\./, '');
  const known: (keyof ReportFormValues)[] = ['name', 'description', 'startDate', 'endDate', 'interval', 'topPerformersCount', ...FLAGS];
  return (known as string[]).includes(key) ? (key as keyof ReportFormValues) : null;
}
