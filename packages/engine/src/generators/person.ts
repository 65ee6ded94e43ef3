import type { BuildContext, GeneratorDef } from './types';
import { fakerGenerator, listGenerator, opt, optionAt } from './helpers';
import { listPick } from '../locale/patterns';

const SEXES = ['female', 'male'] as const;

function firstNames(ctx: BuildContext, sex?: string): readonly string[] {
  if (sex === 'female' || sex === 'male') {
    const list = ctx.locale.list(`person.first_name.${sex}`);
    if (list.length) return list;
  }
  return ctx.locale.list('person.first_name');
}

function lastNames(ctx: BuildContext, sex?: string): readonly string[] {
  if (sex === 'female' || sex === 'male') {
    const list = ctx.locale.list(`person.last_name.${sex}`);
    if (list.length) return list;
  }
  return ctx.locale.list('person.last_name');
}

const sexOption = { sex: opt.oneOf(SEXES, { description: 'Restrict to names of one sex' }) };

export const personGenerators: GeneratorDef[] = [
  {
    id: 'person.firstName',
    category: 'person',
    description: 'Given name from the locale',
    options: sexOption,
    output: 'string',
    create: (o, ctx) => listPick(firstNames(ctx, o.sex)),
    space: (o, ctx) => {
      const list = firstNames(ctx, o.sex);
      return { size: list.length, at: (i) => list[i] };
    },
  },
  {
    id: 'person.lastName',
    category: 'person',
    description: 'Family name from the locale',
    options: sexOption,
    output: 'string',
    create: (o, ctx) => listPick(lastNames(ctx, o.sex)),
    space: (o, ctx) => {
      const list = lastNames(ctx, o.sex);
      return { size: list.length, at: (i) => list[i] };
    },
  },
  {
    id: 'person.fullName',
    category: 'person',
    description: 'First and last name; either can be read from other fields',
    options: { firstName: opt.str(), lastName: opt.str(), sex: sexOption.sex },
    output: 'string',
    rowOptions: ['firstName', 'lastName'],
    create: (o, ctx) => {
      const firsts = firstNames(ctx, o.sex);
      const lasts = lastNames(ctx, o.sex);
      return (rng, row) => {
        const first = optionAt(o.firstName, row) ?? firsts[rng.below(firsts.length)];
        const last = optionAt(o.lastName, row) ?? lasts[rng.below(lasts.length)];
        return `${first} ${last}`;
      };
    },
  },
  listGenerator('person.middleName', 'Middle name', 'person.middle_name'),
  listGenerator('person.prefix', 'Name prefix such as Mr. or Dr.', 'person.prefix'),
  listGenerator('person.suffix', 'Name suffix such as Jr.', 'person.suffix'),
  listGenerator('person.sex', 'Biological sex label', (ctx) => ctx.locale.list('person.sex')),
  listGenerator('person.gender', 'Gender identity', 'person.gender'),
  listGenerator('person.jobArea', 'Job area', 'person.job_area'),
  listGenerator('person.jobType', 'Job type', 'person.job_type'),
  listGenerator('person.jobDescriptor', 'Job descriptor', 'person.job_descriptor'),
  listGenerator('person.zodiacSign', 'Western zodiac sign', 'person.western_zodiac_sign'),
  fakerGenerator('person.jobTitle', 'Job title such as "Senior Data Engineer"'),
  fakerGenerator('person.bio', 'Short social-media style bio'),
];
