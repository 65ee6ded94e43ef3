/**
 * What the source said of a column, beside what was fitted to it. Samples
 * report `observed` and `fitted` figures under the same keys (null rate,
 * min, max, distinct values, ...) and they are shown side by side; any other
 * details (a DDL's declared type, a CHECK turned into options) as a list.
 */
type Figures = Record<string, unknown>;

const OBSERVED_KEYS = ['observed', 'sample'] as const;
const FITTED_KEYS = ['fitted', 'generated', 'expected'] as const;

function isFigures(value: unknown): value is Figures {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });

/** A figure as text: numbers localised, short lists and objects as compact JSON. */
export function formatFigure(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'null';
  if (typeof value === 'number') return number.format(value);
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

export function splitFigures(details: Figures): { observed?: Figures; fitted?: Figures; rest: Figures } {
  const observedKey = OBSERVED_KEYS.find((k) => isFigures(details[k]));
  const fittedKey = FITTED_KEYS.find((k) => isFigures(details[k]));
  const rest = Object.fromEntries(Object.entries(details).filter(([k]) => k !== observedKey && k !== fittedKey));
  return { observed: observedKey ? (details[observedKey] as Figures) : undefined, fitted: fittedKey ? (details[fittedKey] as Figures) : undefined, rest };
}

export function DecisionDetails({ field, details }: { field: string; details: unknown }) {
  if (!isFigures(details)) return null;
  const { observed, fitted, rest } = splitFigures(details);
  const keys = [...new Set([...Object.keys(observed ?? {}), ...Object.keys(fitted ?? {})])];
  const others = Object.entries(rest);
  return (
    <div className="decision-details">
      {keys.length > 0 && (
        <div className="table-scroll">
          <table className="data-table figures-table">
            <caption className="visually-hidden">Sample and fitted figures of {field}</caption>
            <thead>
              <tr>
                <th scope="col">Figure</th>
                <th scope="col">In the sample</th>
                <th scope="col">Fitted</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key}>
                  <th scope="row">{figureLabel(key)}</th>
                  <td>{formatFigure(observed?.[key])}</td>
                  <td>{formatFigure(fitted?.[key])}</td>
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
              <dd>{formatFigure(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
