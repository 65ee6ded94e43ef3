import type { BlueprintDocument } from '@seedbed/engine';

export const saas: BlueprintDocument = {
  seedbed: 1,
  name: 'saas',
  description: 'A SaaS product: accounts (companies), their users with roles, subscriptions to plans and invoices.',
  locale: 'en',
  seed: 42,
  refDate: '2025-01-01',
  tables: [
    {
      name: 'plans',
      rows: 4,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'name', generator: 'list', options: { values: ['Free', 'Starter', 'Team', 'Enterprise'] } },
        { name: 'monthly_price_cents', generator: 'list', options: { values: [0, 1900, 4900, 19900] } },
      ],
    },
    {
      name: 'accounts',
      rows: 300,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'company', generator: 'company.name' },
        { name: 'domain', generator: 'internet.domainName', unique: true },
        { name: 'created_at', generator: 'date.between', options: { from: '2021-01-01', to: '2024-12-31' } },
      ],
    },
    {
      name: 'users',
      rows: { perParent: 'accounts', min: 1, max: 12, distribution: 'zipf', exponent: 1.2 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'account_id', generator: 'ref', options: { table: 'accounts' } },
        { name: 'name', generator: 'person.fullName' },
        { name: 'email', generator: 'internet.email', unique: true },
        { name: 'role', generator: 'weighted', options: { values: { admin: 10, member: 80, billing: 10 } } },
        { name: 'last_seen_at', generator: 'date.recent', options: { days: 60 }, nullRate: 0.15 },
      ],
    },
    {
      name: 'subscriptions',
      rows: { perParent: 'accounts', min: 1, max: 1 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'account_id', generator: 'ref', options: { table: 'accounts' } },
        { name: 'plan_id', generator: 'ref', options: { table: 'plans' } },
        { name: 'status', generator: 'weighted', options: { values: { active: 75, trialing: 10, past_due: 5, canceled: 10 } } },
        { name: 'started_at', generator: 'date.between', options: { from: '2022-01-01', to: '2024-12-31', dateOnly: true } },
      ],
    },
    {
      name: 'invoices',
      rows: { perParent: 'subscriptions', min: 0, max: 24 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'regex', options: { pattern: 'INV-[0-9]{8}' }, unique: true },
        { name: 'subscription_id', generator: 'ref', options: { table: 'subscriptions' } },
        { name: 'amount_cents', generator: 'number.int', options: { min: 0, max: 19900 } },
        { name: 'paid', generator: 'datatype.boolean', options: { probability: 0.95 } },
        { name: 'issued_on', generator: 'date.between', options: { from: '2022-01-01', to: '2024-12-31', dateOnly: true } },
      ],
    },
  ],
};
