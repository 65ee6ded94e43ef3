import type { BlueprintDocument } from '@seedbed/engine';

export const iot: BlueprintDocument = {
  seedbed: 1,
  name: 'iot-readings',
  description: 'Sites with sensor devices, and many timestamped temperature, humidity and battery readings per device.',
  locale: 'en',
  seed: 42,
  refDate: '2025-01-01',
  tables: [
    {
      name: 'sites',
      rows: 25,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'name', generator: 'location.city' },
        { name: 'latitude', generator: 'location.latitude' },
        { name: 'longitude', generator: 'location.longitude' },
        { name: 'time_zone', generator: 'location.timeZone' },
      ],
    },
    {
      name: 'devices',
      rows: { perParent: 'sites', min: 2, max: 10 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'site_id', generator: 'ref', options: { table: 'sites' } },
        { name: 'serial', generator: 'regex', options: { pattern: 'SN-[0-9A-F]{10}' }, unique: true },
        { name: 'mac', generator: 'internet.mac' },
        { name: 'firmware', generator: 'system.semver' },
        { name: 'model', generator: 'list', options: { values: ['TH-100', 'TH-200', 'ENV-5'] } },
      ],
    },
    {
      name: 'readings',
      rows: { perParent: 'devices', min: 50, max: 200 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'device_id', generator: 'ref', options: { table: 'devices' } },
        { name: 'recorded_at', generator: 'date.between', options: { from: '2024-12-01', to: '2024-12-31' } },
        { name: 'temperature_c', generator: 'number.float', options: { min: -10, max: 40, precision: 0.1 } },
        { name: 'humidity_pct', generator: 'number.float', options: { min: 10, max: 95, precision: 0.1 } },
        { name: 'battery_pct', generator: 'number.int', options: { min: 0, max: 100 }, nullRate: 0.05 },
      ],
    },
  ],
};
