import type { BlueprintDocument } from '@seedbed/engine';

export const hr: BlueprintDocument = {
  seedbed: 1,
  name: 'hr',
  description: 'Departments, employees with salaries and hire dates, and their leave requests.',
  locale: 'en',
  seed: 42,
  refDate: '2025-01-01',
  tables: [
    {
      name: 'departments',
      rows: 8,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'name', generator: 'list', options: { values: ['Engineering', 'Sales', 'Marketing', 'Finance', 'People', 'Support', 'Legal', 'Operations'] } },
        { name: 'cost_center', generator: 'regex', options: { pattern: 'CC-[0-9]{4}' } },
      ],
    },
    {
      name: 'employees',
      rows: { perParent: 'departments', min: 5, max: 60 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'department_id', generator: 'ref', options: { table: 'departments' } },
        { name: 'first_name', generator: 'person.firstName' },
        { name: 'last_name', generator: 'person.lastName' },
        { name: 'work_email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}', provider: 'example.com' }, unique: true },
        { name: 'job_title', generator: 'person.jobTitle' },
        { name: 'salary', generator: 'number.int', options: { min: 35000, max: 180000, multipleOf: 500 } },
        { name: 'hired_on', generator: 'date.between', options: { from: '2012-01-01', to: '2024-12-31', dateOnly: true } },
      ],
    },
    {
      name: 'leave_requests',
      rows: { perParent: 'employees', min: 0, max: 4 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'employee_id', generator: 'ref', options: { table: 'employees' } },
        { name: 'kind', generator: 'weighted', options: { values: { vacation: 70, sick: 20, parental: 5, unpaid: 5 } } },
        { name: 'starts_on', generator: 'date.between', options: { from: '2024-01-01', to: '2024-12-31', dateOnly: true } },
        { name: 'days', generator: 'number.int', options: { min: 1, max: 15 } },
        { name: 'approved', generator: 'datatype.boolean', options: { probability: 0.8 } },
      ],
    },
  ],
};
