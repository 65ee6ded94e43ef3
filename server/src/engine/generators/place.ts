/**
 * One place per row: a city, its state, a postal code of that state and its
 * country, so an address reads as a real one (Denver, CO 802xx, United
 * States), not a city of one state beside another's postal code. The first
 * part of a row draws a place from its own cell; the other parts read it
 * (`of: "{city}"`) and take their part of the same place, so each value is a
 * function of its cell and the cells it reads, like every generator.
 *
 * Places are real cities with their state and the first three digits of
 * their ZIP codes, for the United States: locales with no places of their
 * own use these (their `location.*` lists stay available).
 */
import type { CellRng } from '../random/cell-rng';
import type { CellFn, GeneratorDef, RowView, Value } from './types';
import { opt, optionAt } from './helpers';

export interface Place {
  city: string;
  state: string;
  abbr: string;
  zip: string;
}

const US = 'United States';

// City, state, abbreviation, first three digits of its ZIP codes.
export const US_PLACES: readonly Place[] = (
  'New York,New York,NY,100;Los Angeles,California,CA,900;Chicago,Illinois,IL,606;Houston,Texas,TX,770;Phoenix,Arizona,AZ,850;' +
  'Philadelphia,Pennsylvania,PA,191;San Antonio,Texas,TX,782;San Diego,California,CA,921;Dallas,Texas,TX,752;San Jose,California,CA,951;' +
  'Austin,Texas,TX,787;Jacksonville,Florida,FL,322;Fort Worth,Texas,TX,761;Columbus,Ohio,OH,432;Charlotte,North Carolina,NC,282;' +
  'Indianapolis,Indiana,IN,462;San Francisco,California,CA,941;Seattle,Washington,WA,981;Denver,Colorado,CO,802;Nashville,Tennessee,TN,372;' +
  'El Paso,Texas,TX,799;Detroit,Michigan,MI,482;Portland,Oregon,OR,972;Las Vegas,Nevada,NV,891;Memphis,Tennessee,TN,381;' +
  'Louisville,Kentucky,KY,402;Baltimore,Maryland,MD,212;Milwaukee,Wisconsin,WI,532;Albuquerque,New Mexico,NM,871;Tucson,Arizona,AZ,857;' +
  'Fresno,California,CA,937;Sacramento,California,CA,958;Kansas City,Missouri,MO,641;Atlanta,Georgia,GA,303;Miami,Florida,FL,331;' +
  'Omaha,Nebraska,NE,681;Raleigh,North Carolina,NC,276;Minneapolis,Minnesota,MN,554;Cleveland,Ohio,OH,441;Tampa,Florida,FL,336;' +
  'New Orleans,Louisiana,LA,701;Pittsburgh,Pennsylvania,PA,152;Cincinnati,Ohio,OH,452;St. Louis,Missouri,MO,631;Orlando,Florida,FL,328;' +
  'Salt Lake City,Utah,UT,841;Richmond,Virginia,VA,232;Boise,Idaho,ID,837;Des Moines,Iowa,IA,503;Anchorage,Alaska,AK,995;' +
  'Honolulu,Hawaii,HI,968;Providence,Rhode Island,RI,029;Hartford,Connecticut,CT,061;Burlington,Vermont,VT,054;Manchester,New Hampshire,NH,031;' +
  'Wilmington,Delaware,DE,198;Charleston,South Carolina,SC,294;Birmingham,Alabama,AL,352;Little Rock,Arkansas,AR,722;Jackson,Mississippi,MS,392;' +
  'Oklahoma City,Oklahoma,OK,731;Wichita,Kansas,KS,672;Sioux Falls,South Dakota,SD,571;Fargo,North Dakota,ND,581;Billings,Montana,MT,591;' +
  'Cheyenne,Wyoming,WY,820;Newark,New Jersey,NJ,071;Madison,Wisconsin,WI,537;Lexington,Kentucky,KY,405;Spokane,Washington,WA,992;' +
  'Reno,Nevada,NV,895;Buffalo,New York,NY,142;Rochester,New York,NY,146;Columbia,South Carolina,SC,292;Boston,Massachusetts,MA,021;' +
  'Worcester,Massachusetts,MA,016;Grand Rapids,Michigan,MI,495;Tallahassee,Florida,FL,323;Savannah,Georgia,GA,314;Baton Rouge,Louisiana,LA,708'
)
  .split(';')
  .map((entry) => {
    const [city, state, abbr, zip] = entry.split(',');
    return { city, state, abbr, zip };
  });

const PARTS = ['city', 'state', 'stateAbbr', 'zipCode', 'country', 'countryCode'] as const;
type Part = (typeof PARTS)[number];

const byCity = new Map(US_PLACES.map((p, i) => [p.city, i]));
const byState = new Map<string, number[]>();
for (const [i, p] of US_PLACES.entries()) for (const key of [p.state, p.abbr]) byState.set(key, [...(byState.get(key) ?? []), i]);

/** The place a value read from the row belongs to: a city, a state (one of its cities), a postal code (its prefix). */
function placeOf(value: Value, rng: CellRng): number | undefined {
  if (typeof value !== 'string') return undefined;
  const city = byCity.get(value);
  if (city !== undefined) return city;
  const inState = byState.get(value);
  if (inState) return inState[rng.below(inState.length)];
  const zip = US_PLACES.findIndex((p) => value.startsWith(p.zip));
  return zip >= 0 ? zip : undefined;
}

function partOf(place: Place, part: Part, rng: CellRng): string {
  switch (part) {
    case 'city': return place.city;
    case 'state': return place.state;
    case 'stateAbbr': return place.abbr;
    case 'zipCode': return `${place.zip}${String(rng.below(100)).padStart(2, '0')}`;
    case 'country': return US;
    case 'countryCode': return 'US';
  }
}

const DESCRIPTIONS: Record<Part, string> = {
  city: 'A real city; with `of`, the city of the place another field of the row names',
  state: 'The state of the row’s place (`of`: the field that drew it)',
  stateAbbr: 'The state abbreviation of the row’s place',
  zipCode: 'A postal code of the row’s place (its real ZIP prefix)',
  country: 'The country of the row’s place',
  countryCode: 'The ISO 3166 alpha-2 code of the country of the row’s place',
};

function placeGenerator(part: Part): GeneratorDef {
  const values = (list: readonly Place[]) => [...new Set(list.map((p) => partOf(p, part, { below: () => 0 } as unknown as CellRng)))];
  return {
    id: `place.${part}`,
    category: 'location',
    description: DESCRIPTIONS[part],
    options: { of: opt.str({ description: 'The field of the same row holding another part of the place (`{city}`); without it the place is drawn' }) },
    output: 'string',
    rowOptions: ['of'],
    plainText: true,
    create: (o): CellFn => (rng, row: RowView) => {
      const read = o.of === undefined ? undefined : placeOf(optionAt(o.of, row) as Value, rng);
      const place = US_PLACES[read ?? rng.below(US_PLACES.length)];
      return partOf(place, part, rng);
    },
    // Drawn alone (no `of`), city and state names are a finite list: unique fields and maxLength can filter them.
    space: (o) => (o.of === undefined && part !== 'zipCode' ? listSpace(values(US_PLACES)) : undefined),
    maxChars: () => Math.max(...values(US_PLACES).map((v) => v.length)) + (part === 'zipCode' ? 2 : 0),
  };
}

function listSpace(list: string[]) {
  return { size: list.length, at: (i: number) => list[i] };
}

export const placeGenerators: GeneratorDef[] = PARTS.map(placeGenerator);
