/**
 * What the source said of a column or a table's row counts, beside what the
 * blueprint will generate. Samples report the sample's figures as
 * `details.observed` and, for row counts, the fitted ones as
 * `details.fitted` with every `candidates` distribution tried; a column's
 * fitted figures are read from its field (`fittedFigures`). Any other
 * details (a DDL's declared type, a CHECK turned into options) are listed.
 */
type Figures = Record<string, unknown>;

interface Candidate {
  distribution: string;
  params?: Record<string, unknown>;
  aic?: number;
  /** What the import chose by (older reports have only `aic`). */
  bic?: number;
}

function isFigures(value: unknown): value is Figures {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCandidates(value: unknown): value is Candidate[] {
  return Array.isArray(value) && value.length > 0 && value.every((c) => isFigures(c) && typeof c.distribution === 'string');
}

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const RATE = /rate|share|frequenc|probability/i;

/** A figure as text: rates as percentages, numbers localised, objects as compact JSON. */
export function formatFigure(value: unknown, key = ''): string {
  if (value === undefined) return '—';
  if (value === null) return 'null';
  if (typeof value === 'number') return RATE.test(key) && value >= 0 && value <= 1 ? percent.format(value) : number.format(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const json = JSON.stringify(value);
  return json.length > 160 ? `${json.slice(0, 157)}…` : json;
}

/** "nullRate" → "null rate", "distinct_values" → "distinct values". */
export function figureLabel(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

interface FigureRow {
  key: string;
  label: string;
  observed: unknown;
  fitted: unknown;
}

/** One row per figure; a figure that is a set of shares (category frequencies) gets a row per label. */
export function figureRows(observed: Figures, fitted: Figures): FigureRow[] {
  const rows: FigureRow[] = [];
  for (const key of [...new Set([...Object.keys(observed), ...Object.keys(fitted)])]) {
    const [o, f] = [observed[key], fitted[key]];
    if (isFigures(o) || isFigures(f)) {
      const inner = [...new Set([...Object.keys(isFigures(o) ? o : {}), ...Object.keys(isFigures(f) ? f : {})])];
      for (const label of inner) {
        rows.push({ key, label: `${figureLabel(key)}: ${label}`, observed: isFigures(o) ? o[label] : undefined, fitted: isFigures(f) ? f[label] : undefined });
      }
    } else {
      rows.push({ key, label: figureLabel(key), observed: o, fitted: f });
    }
  }
  return rows;
}

/**
 * The candidate the import kept: the fitted spec names its distribution
 * (none: uniform, or fixed when that was the only one tried); without a
 * spec, the lowest BIC (AIC in older reports). Ties are common (a fixed count
 * fits several ways), so the spec decides, not the figures.
 */
export function chosenDistribution(candidates: readonly Candidate[], fitted: Figures): string | undefined {
  const named = typeof fitted.distribution === 'string' ? fitted.distribution : undefined;
  if (named && candidates.some((c) => c.distribution === named)) return named;
  if (Object.keys(fitted).length > 0) {
    const plain = candidates.find((c) => c.distribution === 'uniform') ?? candidates.find((c) => c.distribution === 'fixed');
    if (plain) return plain.distribution;
  }
  const score = (c: Candidate) => c.bic ?? c.aic ?? Infinity;
  return candidates.reduce((a, b) => (score(b) < score(a) ? b : a)).distribution;
}

interface DecisionDetailsProps {
  /** What the figures are of, for the table's caption: a column name, or "rows per parent". */
  subject: string;
  details: unknown;
  /** Fitted figures known from elsewhere (the field), used where `details.fitted` has none. */
  fitted?: Figures;
  /** Keys already shown elsewhere (a declared type beside the field's name). */
  omit?: readonly string[];
}

export function DecisionDetails({ subject, details, fitted: derived, omit = [] }: DecisionDetailsProps) {
  if (!isFigures(details)) return null;
  const { observed, fitted, candidates, ...all } = details;
  const rest = Object.fromEntries(Object.entries(all).filter(([key]) => !omit.includes(key)));
  const observedFigures = isFigures(observed) ? observed : undefined;
  const fittedFigures = { ...derived, ...(isFigures(fitted) ? fitted : {}) };
  const rows = observedFigures ? figureRows(observedFigures, fittedFigures) : [];
  const others = Object.entries({ ...rest, ...(observedFigures ? {} : { observed }), ...(isCandidates(candidates) ? {} : { candidates }) }).filter(([, v]) => v !== undefined);
  if (rows.length === 0 && others.length === 0 && !isCandidates(candidates)) return null;
  const chosen = isCandidates(candidates) ? chosenDistribution(candidates, fittedFigures) : undefined;
  return (
    <div className="decision-details">
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data-table figures-table">
            <caption className="visually-hidden">Sample and fitted figures of {subject}</caption>
            <thead>
              <tr>
                <th scope="col">Figure</th>
                <th scope="col">In the sample</th>
                <th scope="col">Fitted</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{formatFigure(row.observed, row.key)}</td>
                  <td>{formatFigure(row.fitted, row.key)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {isCandidates(candidates) && (
        <div className="table-scroll">
          <table className="data-table figures-table">
            <caption className="visually-hidden">Distributions tried for {subject}</caption>
            <thead>
              <tr>
                <th scope="col">Distribution tried</th>
                <th scope="col">Parameters</th>
                <th scope="col">BIC (lower fits better)</th>
              </tr>
            </thead>
            <tbody>
              {candidates.map((c) => (
                <tr key={c.distribution} className={c.distribution === chosen ? 'best-fit' : undefined}>
                  <th scope="row">
                    {c.distribution}
                    {c.distribution === chosen && ' ✓ chosen'}
                  </th>
                  <td>{c.params ? Object.entries(c.params).map(([k, v]) => `${k} ${formatFigure(v, k)}`).join(', ') : '—'}</td>
                  <td>{formatFigure(c.bic ?? c.aic)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {others.length > 0 && (
        <dl className="details-list">
          {others.map(([key, value]) => (
            <div key={key}>
              <dt>{figureLabel(key)}</dt>
              <dd>{formatFigure(value, key)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
