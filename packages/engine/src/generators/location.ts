import type { GeneratorDef } from './types';
import { compilePatternList } from '../locale/patterns';
import { fakerGenerator, listGenerator, opt } from './helpers';

/** A generator whose values come from a compiled locale pattern list. */
function patternGenerator(id: string, description: string, path: string): GeneratorDef {
  return {
    id,
    category: id.split('.')[0],
    description,
    output: 'string',
    create: (_o, ctx) => compilePatternList(ctx.locale, path),
  };
}

export const locationGenerators: GeneratorDef[] = [
  patternGenerator('location.city', 'City name in the locale', 'location.city_pattern'),
  listGenerator('location.country', 'Country name', 'location.country'),
  fakerGenerator('location.countryCode', 'ISO 3166 country code', {
    options: { variant: opt.oneOf(['alpha-2', 'alpha-3', 'numeric']) },
    args: (o) => [o.variant ?? 'alpha-2'],
    plainText: true,
  }),
  listGenerator('location.state', 'State or province', 'location.state'),
  listGenerator('location.stateAbbr', 'State abbreviation', 'location.state_abbr'),
  listGenerator('location.county', 'County', 'location.county'),
  listGenerator('location.continent', 'Continent', 'location.continent'),
  listGenerator('location.direction', 'Compass direction', 'location.direction'),
  listGenerator('location.language', 'Language name', (ctx) =>
    ((ctx.locale.lookup('location.language') as { name: string }[] | undefined) ?? []).map((l) => l.name),
  ),
  patternGenerator('location.street', 'Street name', 'location.street_pattern'),
  patternGenerator('location.buildingNumber', 'Building number', 'location.building_number'),
  patternGenerator('location.secondaryAddress', 'Apartment or suite', 'location.secondary_address'),
  fakerGenerator('location.streetAddress', 'Street address; `useFullAddress` adds the secondary part', {
    options: { useFullAddress: opt.bool() },
  }),
  fakerGenerator('location.zipCode', 'Postal code in the locale format', { options: { format: opt.str() } }),
  fakerGenerator('location.latitude', 'Latitude in degrees', {
    output: 'float',
    options: { min: opt.num({ minimum: -90, maximum: 90 }), max: opt.num({ minimum: -90, maximum: 90 }), precision: opt.int({ minimum: 0, maximum: 10 }) },
    plainText: true,
  }),
  fakerGenerator('location.longitude', 'Longitude in degrees', {
    output: 'float',
    options: { min: opt.num({ minimum: -180, maximum: 180 }), max: opt.num({ minimum: -180, maximum: 180 }), precision: opt.int({ minimum: 0, maximum: 10 }) },
    plainText: true,
  }),
  fakerGenerator('location.timeZone', 'IANA time zone', { plainText: true }),
  fakerGenerator('location.cardinalDirection', 'North, East, South or West'),
  fakerGenerator('location.ordinalDirection', 'Northeast, Southwest, ...'),
];
