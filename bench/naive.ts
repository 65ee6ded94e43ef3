import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { faker } from '@faker-js/faker';

function csv(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** What teams write by hand: a faker loop building CSV lines, seeded once. */
export async function naiveFakerCsv(rows: number, file: string): Promise<void> {
  faker.seed(7);
  const out = createWriteStream(file);
  out.write('id,first_name,last_name,email,phone,birthdate,city,country,company,age\r\n');
  let batch = '';
  for (let i = 0; i < rows; i++) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    batch +=
      [
        faker.string.uuid(), first, last, faker.internet.email({ firstName: first, lastName: last }), faker.phone.number(),
        faker.date.birthdate().toISOString().slice(0, 10), faker.location.city(), faker.location.country(), faker.company.name(),
        String(faker.number.int({ min: 18, max: 90 })),
      ].map(csv).join(',') + '\r\n';
    if (i % 1000 === 999) {
      if (!out.write(batch)) await once(out, 'drain');
      batch = '';
    }
  }
  out.end(batch);
  await once(out, 'finish');
}
