import { chosenDistribution, figureRows, formatFigure } from '../../src/components/import/decision-details';
import { fittedFigures } from '../../src/components/import/fitted-figures';

/** A sampled column's figures are compared with what its field will generate. */
describe('fittedFigures', () => {
  it('reads a number range as a uniform draw: bounds, mean and spread', () => {
    const fitted = fittedFigures({ name: 'age', generator: 'number.int', options: { min: 18, max: 90 }, nullRate: 0.1 }, ['nullRate', 'min', 'max', 'mean', 'stddev', 'decimals']);
    expect(fitted).toEqual({ nullRate: 0.1, min: 18, max: 90, mean: 54, stddev: Math.sqrt((73 * 73 - 1) / 12), decimals: 0 });
  });

  it('reads decimals from a float precision', () => {
    expect(fittedFigures({ name: 'price', generator: 'number.float', options: { min: 1, max: 3, precision: 0.01 } }, ['decimals', 'nullRate'])).toEqual({ decimals: 2, nullRate: 0 });
  });

  it('reads category weights as shares, and their number', () => {
    const field = { name: 'status', generator: 'weighted', options: { values: { active: 6, banned: 2 } } };
    expect(fittedFigures(field, ['distinct', 'frequencies'])).toEqual({ distinct: 2, frequencies: { active: 0.75, banned: 0.25 } });
  });

  it('reads date bounds and a boolean probability', () => {
    expect(fittedFigures({ name: 'at', generator: 'date.between', options: { from: '2024-01-01', to: '2024-12-31' } }, ['from', 'to'])).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(fittedFigures({ name: 'ok', generator: 'datatype.boolean', options: { probability: 0.3 } }, ['trueRate'])).toEqual({ trueRate: 0.3 });
  });

  it('reads a sequence over a table of known size as the integers it counts', () => {
    expect(fittedFigures({ name: 'id', generator: 'sequence', options: { start: 1 } }, ['min', 'max', 'mean'], 30)).toEqual({ min: 1, max: 30, mean: 15.5 });
    expect(fittedFigures({ name: 'id', generator: 'sequence' }, ['min', 'max', 'mean'])).toEqual({ min: 1, max: undefined });
  });

  it('leaves unknown what the field does not decide', () => {
    expect(fittedFigures({ name: 'bio', generator: 'lorem.sentence' }, ['minLength', 'maxLength', 'mean'])).toEqual({});
  });
});

describe('figure rows', () => {
  it('gives a row per figure, and per label of a set of shares', () => {
    expect(figureRows({ nullRate: 0.5, frequencies: { a: 0.5 } }, { frequencies: { a: 0.4, b: 0.6 } }).map((r) => [r.label, formatFigure(r.observed, r.key), formatFigure(r.fitted, r.key)])).toEqual([
      ['null rate', '50%', '—'],
      ['frequencies: a', '50%', '40%'],
      ['frequencies: b', '—', '60%'],
    ]);
  });
});

describe('chosenDistribution', () => {
  const candidates = [
    { distribution: 'uniform', aic: 20.64 },
    { distribution: 'poisson', aic: 36.84 },
    { distribution: 'zipf', aic: 20.64 },
  ];

  it('is the one the fitted spec names, not any that ties on AIC', () => {
    expect(chosenDistribution(candidates, { min: 2, max: 3 })).toBe('uniform');
    expect(chosenDistribution(candidates, { distribution: 'zipf', min: 2, max: 3, exponent: 0.01 })).toBe('zipf');
    expect(chosenDistribution([{ distribution: 'fixed', aic: 0 }], { min: 2, max: 2 })).toBe('fixed');
  });

  it('is the lowest BIC when no spec is given, as the import chooses (AIC in reports that have no BIC)', () => {
    // Zipf wins on AIC here but pays for its extra parameter under BIC, as flat counts do.
    expect(chosenDistribution([{ distribution: 'uniform', aic: 30, bic: 33 }, { distribution: 'zipf', aic: 29, bic: 34 }], {})).toBe('uniform');
    expect(chosenDistribution([{ distribution: 'uniform', aic: 30 }, { distribution: 'poisson', aic: 12 }], {})).toBe('poisson');
  });
});
