import type { BlueprintDocument } from '@seedbed/engine';

export const bankLedger: BlueprintDocument = {
  seedbed: 1,
  name: 'bank-ledger',
  description: 'Customers hold accounts with IBANs in a currency; each account has a ledger of debits and credits.',
  locale: 'en',
  seed: 42,
  refDate: '2025-01-01',
  tables: [
    {
      name: 'customers',
      rows: 300,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'name', generator: 'person.fullName' },
        { name: 'birthdate', generator: 'date.birthdate', options: { min: 18, max: 85 } },
        { name: 'country', generator: 'location.countryCode' },
      ],
    },
    {
      name: 'accounts',
      rows: { perParent: 'customers', min: 1, max: 3 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'customer_id', generator: 'ref', options: { table: 'customers' } },
        { name: 'iban', generator: 'finance.iban', unique: true },
        { name: 'kind', generator: 'weighted', options: { values: { checking: 60, savings: 35, loan: 5 } } },
        { name: 'currency', generator: 'weighted', options: { values: { EUR: 60, USD: 25, GBP: 15 } } },
        { name: 'opened_on', generator: 'date.between', options: { from: '2015-01-01', to: '2024-06-30', dateOnly: true } },
      ],
    },
    {
      name: 'entries',
      rows: { perParent: 'accounts', min: 5, max: 60 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'account_id', generator: 'ref', options: { table: 'accounts' } },
        { name: 'direction', generator: 'weighted', options: { values: { debit: 55, credit: 45 } } },
        { name: 'amount', generator: 'number.float', options: { min: 0.5, max: 2500, precision: 0.01 } },
        { name: 'description', generator: 'finance.transactionDescription' },
        { name: 'booked_at', generator: 'date.between', options: { from: '2024-01-01', to: '2024-12-31' } },
      ],
    },
  ],
};
