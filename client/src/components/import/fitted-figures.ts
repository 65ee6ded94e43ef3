import type { FieldDef } from '../../lib/blueprint-document';

/**
 * What the blueprint will generate for a sampled column, in the terms the
 * sample was described in: the import reports the sample's figures
 * (`details.observed`), and these are the same figures read from the
 * field's generator and options, so the two can be compared side by side.
 * Only figures the field determines are given; the rest stay unknown.
 */
export function fittedFigures(field: FieldDef, observedKeys: readonly string[], tableRows?: number): Record<string, unknown> {
  const options = field.options ?? {};
  const num = (key: string) => (typeof options[key] === 'number' ? (options[key] as number) : undefined);
  const fitted: Record<string, unknown> = {};
  const sequence = field.generator === 'sequence';
  // A sequence over a table of known size counts from start to start + rows − 1: the same figures as a uniform integer range.
  const uniform = field.generator === 'number.int' || field.generator === 'number.float' || field.generator.startsWith('location.') || (sequence && tableRows !== undefined);
  const start = num('start') ?? 1;
  const min = sequence ? start : num('min');
  const max = sequence ? (tableRows !== undefined ? start + tableRows - 1 : undefined) : num('max');
  for (const key of observedKeys) {
    switch (key) {
      case 'nullRate':
        fitted.nullRate = field.nullRate ?? 0;
        break;
      case 'min':
        fitted.min = min;
        break;
      case 'max':
        fitted.max = max;
        break;
      case 'mean':
        if (uniform && min !== undefined && max !== undefined) fitted.mean = (min + max) / 2;
        break;
      case 'stddev':
        if (uniform && min !== undefined && max !== undefined) {
          // A uniform draw: (max−min)/√12, or over the integers ((n²−1)/12)^½ with n values.
          const n = max - min + 1;
          fitted.stddev = field.generator === 'number.float' || field.generator.startsWith('location.') ? (max - min) / Math.sqrt(12) : Math.sqrt((n * n - 1) / 12);
        }
        break;
      case 'decimals': {
        const precision = num('precision');
        if (num('fractionDigits') !== undefined) fitted.decimals = num('fractionDigits');
        else if (precision !== undefined && precision > 0) fitted.decimals = Math.max(0, Math.round(-Math.log10(precision)));
        else if (field.generator === 'number.int' || field.generator === 'sequence') fitted.decimals = 0;
        break;
      }
      case 'trueRate':
        if (num('probability') !== undefined) fitted.trueRate = num('probability');
        break;
      case 'from':
      case 'to':
        if (typeof options[key] === 'string') fitted[key] = options[key];
        break;
      case 'distinct':
      case 'frequencies': {
        const values = options.values;
        if (field.generator !== 'weighted' || typeof values !== 'object' || values === null) break;
        const weights = Object.entries(values as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === 'number');
        const total = weights.reduce((sum, [, w]) => sum + w, 0);
        if (key === 'distinct') fitted.distinct = weights.length;
        else if (total > 0) fitted.frequencies = Object.fromEntries(weights.map(([label, w]) => [label, w / total]));
        break;
      }
    }
  }
  return fitted;
}
