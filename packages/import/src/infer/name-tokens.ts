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
  ccy: 'currency', lang: 'language', locale: 'language code', tz: 'timezone', timezone: 'timezone',
  colour: 'color', org: 'company', organization: 'company', organisation: 'company', employer: 'company', firm: 'company',
  town: 'city', suburb: 'city', locality: 'city', province: 'state', region: 'state', nation: 'country', countrycode: 'country code',
  occupation: 'job', position: 'job', jobtitle: 'job title',
  sex: 'gender', cost: 'price', fee: 'price', msrp: 'price', listprice: 'price', unitprice: 'price',
  subtotal: 'total',
  createdat: 'created', creation: 'created', inserted: 'created', added: 'created', create: 'created', registered: 'created', signup: 'created', joined: 'created',
  updatedat: 'updated', modified: 'updated', changed: 'updated', update: 'updated', lastupdate: 'updated',
  deletedat: 'deleted', removed: 'deleted',
  ts: 'timestamp', dt: 'date', day: 'date', datetime: 'timestamp',
  num: 'number', no: 'number', nr: 'number', cnt: 'count',
  notes: 'note', comments: 'comment', remarks: 'comment', remark: 'comment', about: 'bio', biography: 'bio',
  guid: 'uuid', yr: 'year', pct: 'percent', percentage: 'percent',
  hostname: 'host', filename: 'file', filepath: 'path', mimetype: 'mime', contenttype: 'mime',
  enabled: 'active', isactive: 'active', flg: 'flag', ind: 'flag', yn: 'flag',
  // Abbreviations of legacy and ERP schemas (CUST_NM, ORD_DT, SAL_AMT, TEL_NO, ...).
  nm: 'name', nme: 'name', cd: 'code', ttl: 'title', sal: 'salary', cntry: 'country', ctry: 'country', cust: 'customer', emp: 'employee',
  dept: 'department', mgr: 'manager', ord: 'order', prc: 'price', wgt: 'weight', wt: 'weight', crt: 'created', upd: 'updated', usr: 'user',
  rmks: 'comment', rmk: 'comment', memo: 'comment', comm: 'commission', frt: 'freight', sls: 'sales', req: 'required', reqd: 'required',
  stat: 'status', sts: 'status', actv: 'active', disc: 'discount', lmt: 'limit', cr: 'credit', pymt: 'payment', pmt: 'payment', inv: 'invoice',
  acct: 'account', bal: 'balance', trx: 'transaction', txn: 'transaction', tx: 'transaction', uom: 'unit', mid: 'middle', init: 'initial',
  st: 'state', prov: 'state', cty: 'city', loc: 'location', long: 'longitude', seq: 'sequence',
  ssn: 'ssn', ein: 'ein', hrs: 'hours', mins: 'minutes', secs: 'seconds', sec: 'seconds', ms: 'milliseconds',
  millis: 'milliseconds', avg: 'average', bday: 'birth date', zipcd: 'zip',
  // Words run together (AdventureWorks, MySQL samples): read as the words they are.
  addressline: 'address', addressline1: 'address', addressline2: 'address2', stateprovince: 'state',
  countryregion: 'country', loginid: 'user name', cardnumber: 'card number', cardtype: 'card type',
  currencycode: 'currency code', modifieddate: 'updated', standardcost: 'cost', totaldue: 'total',
  nicename: 'user name', userlogin: 'user name', courtesy: 'prefix', salutation: 'prefix', honorific: 'prefix', maiden: 'last',
  coordinates: 'geo',
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
  for (const word of words) {
    const known = SYNONYMS[word];
    if (known !== undefined) out.push(...known.split(' '));
    else out.push(...segment(word).flatMap((w) => (SYNONYMS[w] ?? w).split(' ')));
  }
  return out;
}

/**
 * Words schema authors run together (`stateprovincecode`, `vacationhours`,
 * `daystomanufacture`): split into the fewest known words covering the
 * whole, or kept as written when they cannot all be read.
 */
const VOCABULARY = new Set(
  `address amount approval area available average balance bank base billing birth blob body brand business by card carrier category city
  class code color comment commission company contact content cost count country courtesy created credit currency customer date day days
  default delivery department description detail discount display district document due duration email employee end expiry family fax fee
  file first flag freight from full gender goods group hire home hours id image in initial invoice is item job key kind label language last
  leave level line list location login manager manufacture marital middle minutes modified month name national net note number office on
  online only order paid parent password pay payment percent person phone photo picture point postal price primary product promotion
  province purchase quantity rate rating reason reference region reorder required return revision role safety sales salary sell ship
  shipping sick size start state status stock street sub suffix supplier tax territory time title to total tracking type unit updated user
  vacation valid value vendor version weight width year zip stateprovince countryregion amt qty exp expiry`.split(/\s+/),
);

function segment(word: string): string[] {
  if (word.length < 6 || VOCABULARY.has(word) || /\d/.test(word)) return [word];
  // best[i]: fewest words covering word[0..i), or undefined.
  const best: (string[] | undefined)[] = [[]];
  for (let i = 1; i <= word.length; i++) {
    for (let j = Math.max(0, i - 16); j < i; j++) {
      const head = best[j];
      const piece = word.slice(j, i);
      if (head && VOCABULARY.has(piece) && (!best[i] || head.length + 1 < best[i]!.length)) best[i] = [...head, piece];
    }
  }
  const words = best[word.length];
  return words && words.length > 1 ? words : [word];
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
const tableCache = new Map<string, string[]>();
export function tableTokens(table: string): string[] {
  // Sizing reads every table's words for each table that references it: once per name (bounded like `cache`).
  const known = tableCache.get(table);
  if (known) return known;
  if (tableCache.size >= CACHE_SIZE) tableCache.clear();
  const words = nameTokens(table).map(singular);
  tableCache.set(table, words);
  return words;
}
