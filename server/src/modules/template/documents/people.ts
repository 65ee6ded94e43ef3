import type { BlueprintDocument } from '@seedbed/engine';

export const people: BlueprintDocument = {
  seedbed: 1,
  name: 'people',
  description: 'A directory of people with addresses: names, emails that match them, birthdates and phone numbers.',
  locale: 'en',
  seed: 42,
  refDate: '2025-01-01',
  tables: [
    {
      name: 'people',
      rows: 1000,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'first_name', generator: 'person.firstName' },
        { name: 'last_name', generator: 'person.lastName' },
        { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' }, unique: true },
        { name: 'phone', generator: 'phone.number', nullRate: 0.2 },
        { name: 'birthdate', generator: 'date.birthdate', options: { min: 18, max: 90 } },
        { name: 'job_title', generator: 'person.jobTitle', nullRate: 0.1 },
      ],
    },
    {
      name: 'addresses',
      rows: { perParent: 'people', min: 1, max: 2 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'person_id', generator: 'ref', options: { table: 'people' } },
        { name: 'kind', generator: 'weighted', options: { values: { home: 80, work: 20 } } },
        { name: 'street', generator: 'location.streetAddress' },
        { name: 'city', generator: 'location.city' },
        { name: 'postal_code', generator: 'location.zipCode' },
        { name: 'country', generator: 'location.countryCode' },
      ],
    },
  ],
};
