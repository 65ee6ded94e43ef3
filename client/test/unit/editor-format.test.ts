import { codeSpans, decimalsOfStep, formatNumbersInText, humanizeName } from '../../src/lib/format';

describe('editor text helpers', () => {
  it('shows markdown backticks as code spans, and leaves an unpaired one alone', () => {
    expect(codeSpans('Between `min` and `max`.')).toEqual([
      { text: 'Between ', code: false },
      { text: 'min', code: true },
      { text: ' and ', code: false },
      { text: 'max', code: true },
      { text: '.', code: false },
    ]);
    expect(codeSpans('it`s')).toEqual([{ text: 'it`s', code: false }]);
  });

  it('turns option ids into labels', () => {
    expect(humanizeName('multipleOf')).toBe('Multiple of');
    expect(humanizeName('fractionDigits')).toBe('Fraction digits');
    expect(humanizeName('table')).toBe('Table');
    expect(humanizeName('max_length')).toBe('Max length');
    expect(humanizeName('HTTPStatus')).toBe('HTTP status');
  });

  it('groups the digits of big numbers in messages, not of dates, paths or decimals', () => {
    expect(formatNumbersInText('would make 9750155922 rows.')).toBe('would make 9,750,155,922 rows.');
    expect(formatNumbersInText('seed 42 on 2025-01-01 at tables[2], 1.123456')).toBe('seed 42 on 2025-01-01 at tables[2], 1.123456');
  });

  it('reads the decimals a precision step means', () => {
    expect(decimalsOfStep(0.01)).toBe(2);
    expect(decimalsOfStep(0.001)).toBe(3);
    expect(decimalsOfStep(1)).toBe(0);
    expect(decimalsOfStep(0.25)).toBe(2);
    expect(decimalsOfStep(5)).toBeUndefined();
  });
});
