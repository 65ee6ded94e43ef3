/**
 * A column or table name as the words a person reads in it: `createdAt`,
 * `created_at` and `CREATED-AT` are all `created at`; common abbreviations
 * and synonyms become one canonical word (`e_mail` → `email`, `dob` →
 * `birth date`, `zip`/`postcode` → `zip`), so rules are written once.
 */

/** Whole-word synonyms; a value of several words replaces one word with them. */
const SYNONYMS: Record<string, string> = {
  mail: 'email', emailaddress: 'email', emails: 'email',
  fname: 'first name', firstname: 'first name', forename: 'first name', given: 'first', givenname: 'first name',
  lname: 'last name', lastname: 'last name', surname: 'last name', familyname: 'last name', family: 'last',
  fullname: 'full name', displayname: 'display name', middlename: 'middle name',
  username: 'user name', login: 'user name', nickname: 'user name', handle: 'user name', screenname: 'user name',
  tel: 'phone', telephone: 'phone', mobile: 'phone', cell: 'phone', cellphone: 'phone', phonenumber: 'phone', msisdn: 'phone', fax: 'phone',
  zipcode: 'zip', postcode: 'zip', postalcode: 'zip', postal: 'zip', plz: 'zip',
  dob: 'birth date', birthday: 'birth date', birthdate: 'birth date', born: 'birth',
  addr: 'address', address1: 'address', address2: 'address2', street: 'street', streetaddress: 'address',
  qty: 'quantity', amt: 'amount', desc: 'description', descr: 'description', summary: 'description',
  uri: 'url', link: 'url', website: 'url', homepage: 'url', href: 'url', web: 'url', site: 'url',
  img: 'image', picture: 'image', photo: 'image', pic: 'image', thumbnail: 'image', avatar: 'avatar',
  lat: 'latitude', lng: 'longitude', lon: 'longitude',
  ipaddress: 'ip', ipaddr: 'ip', ipv4: 'ip', ipv6: 'ip', macaddress: 'mac', macaddr: 'mac',
  useragent: 'useragent', ua: 'useragent',
  pwd: 'password', passwd: 'password', pass: 'password', passwordhash: 'password',
  ccy: 'currency', lang: 'language', locale: 'language', tz: 'timezone', timezone: 'timezone',
  colour: 'color', org: 'company', organization: 'company', organisation: 'company', employer: 'company', firm: 'company',
  town: 'city', province: 'state', region: 'state', nation: 'country', countrycode: 'country code',
  occupation: 'job', position: 'job', jobtitle: 'job title',
  sex: 'gender', cost: 'price', fee: 'price', msrp: 'price', listprice: 'price', unitprice: 'price',
  subtotal: 'total', balance: 'amount', salary: 'amount', wage: 'amount', revenue: 'amount',
  createdat: 'created', creation: 'created', inserted: 'created', added: 'created', create: 'created', registered: 'created', signup: 'created', joined: 'created',
  updatedat: 'updated', modified: 'updated', changed: 'updated', update: 'updated', lastupdate: 'updated',
  deletedat: 'deleted', removed: 'deleted',
  ts: 'timestamp', dt: 'date', day: 'date', datetime: 'timestamp',
  num: 'number', no: 'number', nr: 'number', cnt: 'count',
  notes: 'note', comments: 'comment', remarks: 'comment', remark: 'comment', about: 'bio', biography: 'bio',
  guid: 'uuid', yr: 'year', pct: 'percent', percentage: 'percent',
  hostname: 'host', filename: 'file', filepath: 'path', mimetype: 'mime', contenttype: 'mime',
  enabled: 'active', isactive: 'active', flag: 'active',
};

/** Names repeat (every column is read with its table's other columns): each is split once. Bounded, as names are user input. */
const cache = new Map<string, string[]>();
const CACHE_SIZE = 20_000;

/** The words of a name, lower case, synonyms replaced: `customerEMailAddr` → `customer email address`. */
export function nameTokens(name: string): string[] {
  const known = cache.get(name);
  if (known) return known;
  if (cache.size >= CACHE_SIZE) cache.clear();
  const words = splitName(name);
  cache.set(name, words);
  return words;
}

function splitName(name: string): string[] {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .toLowerCase();
  const words = spaced.split(/[^a-z0-9]+/).filter(Boolean);
  const out: string[] = [];
  for (const word of words) out.push(...(SYNONYMS[word] ?? word).split(' '));
  return out;
}

/** `categories` → `category`, `addresses` → `address`, `people` → `person`: a table's rows are its singular. */
export function singular(word: string): string {
  if (word === 'people') return 'person';
  if (word === 'staff' || word.endsWith('ss') || word.endsWith('us') || word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** The words of a table's name, each singular: `film_actors` → `film actor`. */
export function tableTokens(table: string): string[] {
  return nameTokens(table).map(singular);
}
