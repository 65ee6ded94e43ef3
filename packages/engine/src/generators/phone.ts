import type { GeneratorDef } from './types';
import { compilePatternList } from '../locale/patterns';
import { fakerGenerator, opt } from './helpers';

const STYLES = ['human', 'national', 'international', 'mobile'] as const;

export const phoneGenerators: GeneratorDef[] = [
  {
    id: 'phone.number',
    category: 'phone',
    description: 'Phone number in the locale format',
    options: { style: opt.oneOf(STYLES, { description: 'Format family (default human)' }) },
    output: 'string',
    create: (o, ctx) => compilePatternList(ctx.locale, `phone_number.format.${o.style ?? 'human'}`),
  },
  fakerGenerator('phone.imei', 'IMEI device number', { plainText: true }),
];
