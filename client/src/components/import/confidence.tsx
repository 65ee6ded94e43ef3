/** Below this the choice is a guess worth checking; at or above HIGH it is the one a person would pick. */
export const LOW_CONFIDENCE = 0.5;
export const HIGH_CONFIDENCE = 0.8;

export type ConfidenceLevel = 'low' | 'medium' | 'high';

export function confidenceLevel(confidence: number): ConfidenceLevel {
  if (confidence < LOW_CONFIDENCE) return 'low';
  return confidence < HIGH_CONFIDENCE ? 'medium' : 'high';
}

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

/**
 * How sure the import is of one choice: a meter, the figure, and the level in
 * words, so a low one stands out without relying on colour.
 */
export function Confidence({ value }: { value: number }) {
  const level = confidenceLevel(value);
  const text = `${percent.format(value)} ${level === 'low' ? '· low, check it' : level}`;
  return (
    <span className={`confidence confidence-${level}`}>
      <meter min={0} max={1} low={LOW_CONFIDENCE} high={HIGH_CONFIDENCE} optimum={1} value={value} aria-label={`Confidence ${percent.format(value)}, ${level}`} />
      <span aria-hidden="true">
        {level === 'low' && <span className="confidence-mark">⚠ </span>}
        {text}
      </span>
    </span>
  );
}
