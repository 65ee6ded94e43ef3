const countFormat = new Intl.NumberFormat('en-US');

/** A row count for people: 1,234,567. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** A file size in binary multiples with one decimal above a kilobyte: 532 bytes, 12.4 KB. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} ${value === 1 ? 'byte' : 'bytes'}` : `${value.toFixed(1)} ${UNITS[unit]}`;
}
