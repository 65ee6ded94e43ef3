import type { BlueprintDocument } from '@seedbed/engine';

export const supportDesk: BlueprintDocument = {
  seedbed: 1,
  name: 'support-desk',
  description: 'Customers open tickets with a priority and status; agents answer them in a thread of messages.',
  locale: 'en',
  seed: 42,
  refDate: '2025-01-01',
  tables: [
    {
      name: 'agents',
      rows: 20,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'name', generator: 'person.fullName' },
        { name: 'team', generator: 'weighted', options: { values: { billing: 30, technical: 50, onboarding: 20 } } },
      ],
    },
    {
      name: 'customers',
      rows: 400,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'name', generator: 'person.fullName' },
        { name: 'email', generator: 'internet.email', unique: true },
        { name: 'company', generator: 'company.name', nullRate: 0.4 },
      ],
    },
    {
      name: 'tickets',
      rows: { perParent: 'customers', min: 0, max: 5 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1000 } },
        { name: 'customer_id', generator: 'ref', options: { table: 'customers' } },
        { name: 'assignee_id', generator: 'ref', options: { table: 'agents' }, nullRate: 0.15 },
        { name: 'subject', generator: 'hacker.phrase' },
        { name: 'priority', generator: 'weighted', options: { values: { low: 40, normal: 45, high: 12, urgent: 3 } } },
        { name: 'status', generator: 'weighted', options: { values: { open: 25, pending: 15, solved: 50, closed: 10 } } },
        { name: 'opened_at', generator: 'date.between', options: { from: '2024-01-01', to: '2024-12-31' } },
      ],
    },
    {
      name: 'messages',
      rows: { perParent: 'tickets', min: 1, max: 6 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'ticket_id', generator: 'ref', options: { table: 'tickets' } },
        { name: 'from_agent', generator: 'datatype.boolean', options: { probability: 0.5 } },
        { name: 'body', generator: 'lorem.paragraph' },
        { name: 'sent_at', generator: 'date.between', options: { from: '2024-01-01', to: '2024-12-31' } },
      ],
    },
  ],
};
