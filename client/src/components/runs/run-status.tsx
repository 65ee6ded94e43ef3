import type { RunStatus } from '../../__generated__/graphql';
import { formatCount } from '../../lib/format';

const LABELS: Record<RunStatus, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
};

/** A run that may still change (PRODUCT.md §4): worth following live. */
export function isActive(status: RunStatus): boolean {
  return status === 'QUEUED' || status === 'RUNNING';
}

export function RunStatusBadge({ status }: { status: RunStatus }) {
  return <span className={`run-status run-status-${status.toLowerCase()}`}>{LABELS[status]}</span>;
}

/** A waiting run's place: "next in the queue", "3rd in the queue". */
export function queuePlace(position: number): string {
  if (position === 1) return 'next in the queue';
  const tens = position % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[position % 10] ?? 'th';
  return `${formatCount(position)}${suffix} in the queue`;
}

/**
 * Whole percent done. Rounded down so 100% means every row is made; a
 * SUCCEEDED run is complete even when it had no rows at all.
 */
export function progressPercent(rowsDone: number, rowsTotal: number, status: RunStatus): number {
  if (status === 'SUCCEEDED' || status === 'EXPIRED') return 100;
  if (rowsTotal <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((rowsDone * 100) / rowsTotal)));
}

interface RunProgressBarProps {
  rowsDone: number;
  rowsTotal: number;
  status: RunStatus;
  /** Names the bar for assistive technology, such as "Progress of the run". */
  label: string;
  compact?: boolean;
}

/** Rows done out of rows total, as a bar with its numbers beside it. */
export function RunProgressBar({ rowsDone, rowsTotal, status, label, compact = false }: RunProgressBarProps) {
  const percent = progressPercent(rowsDone, rowsTotal, status);
  const text = `${formatCount(rowsDone)} of ${formatCount(rowsTotal)} rows`;
  return (
    <div className={compact ? 'run-progress compact' : 'run-progress'}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${text}`}
        className={`progress-track progress-${status.toLowerCase()}`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="progress-text">
        {percent}% · {text}
      </span>
    </div>
  );
}
