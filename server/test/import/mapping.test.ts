/**
 * The columns of the round-trip schemas a person would recognise by name, and
 * the generator a person would pick for each (any of a few where several are
 * as good). At least 90% must match; the misses are printed.
 */
import { fixture, importText } from './load-helpers';

const LOREM = ['lorem.sentence', 'lorem.sentences', 'lorem.paragraph', 'lorem.text', 'lorem.words'];
const WORD = ['word.noun', 'commerce.department', 'lorem.word', 'lorem.words'];
const DATE = ['date.between', 'date.past', 'date.recent'];
const IP = ['internet.ip', 'internet.ipv4', 'internet.ipv6'];
const CODE = ['string.alphanumeric', 'regex', 'string.alpha'];

const EXPECTED: Record<string, Record<string, string | string[]>> = {
  POSTGRES_DDL: {
    'country.country': 'location.country', 'city.city': 'location.city', 'address.address': 'location.streetAddress',
    'address.address2': 'location.secondaryAddress', 'address.district': ['location.county', 'location.state', 'location.city'], 'address.postal_code': 'location.zipCode', 'address.phone': 'phone.number',
    'language.name': 'location.language', 'category.name': WORD, 'customer.first_name': 'person.firstName', 'customer.last_name': 'person.lastName',
    'customer.email': 'internet.email', 'customer.activebool': 'datatype.boolean', 'customer.create_date': DATE, 'customer.birth_date': 'date.birthdate',
    'customer.last_update': DATE, 'customer.last_ip': IP, 'customer.device_mac': 'internet.mac', 'film.title': ['book.title', 'lorem.sentence'],
    'film.description': LOREM, 'film.release_year': 'number.int', 'film.rental_rate': ['commerce.price', 'finance.amount'], 'film.length': 'number.int',
    'film.replacement_cost': ['commerce.price', 'finance.amount'], 'staff.first_name': 'person.firstName', 'staff.last_name': 'person.lastName',
    'staff.email': 'internet.email', 'staff.username': 'internet.username', 'staff.salary': ['finance.amount', 'commerce.price'],
    'rental.rental_date': DATE, 'rental.return_date': DATE, 'rental.amount': ['finance.amount', 'commerce.price'], 'payment.amount': ['finance.amount', 'commerce.price'],
    'payment.payment_date': DATE,
  },
  MYSQL_DDL: {
    'category.name': WORD, 'customer.first_name': 'person.firstName', 'customer.last_name': 'person.lastName', 'customer.email': 'internet.email',
    'customer.phone': 'phone.number', 'customer.city': 'location.city', 'customer.country_code': 'location.countryCode', 'customer.birth_date': 'date.birthdate',
    'customer.is_vip': 'datatype.boolean', 'customer.created_at': DATE, 'customer.updated_at': DATE, 'product.sku': CODE, 'product.name': 'commerce.productName',
    'product.description': LOREM, 'product.price': 'commerce.price', 'product.weight_kg': 'number.float', 'product.stock': 'number.int',
    'product.released_year': 'number.int', 'orders.order_number': CODE, 'orders.total': ['commerce.price', 'finance.amount'], 'orders.ordered_at': DATE,
    'orders.shipped_at': DATE, 'orders.ip_address': IP, 'orders.note': LOREM, 'order_item.quantity': 'number.int', 'order_item.unit_price': 'commerce.price',
    'page_view.viewed_on': DATE, 'page_view.url': 'internet.url', 'page_view.user_agent': 'internet.userAgent',
  },
  SQLITE_DDL: {
    'authors.first_name': 'person.firstName', 'authors.last_name': 'person.lastName', 'authors.email': 'internet.email', 'authors.born_on': 'date.birthdate',
    'authors.created_at': DATE, 'authors.updated_at': DATE, 'tags.label': WORD, 'posts.title': ['lorem.sentence', 'book.title'], 'posts.slug': 'lorem.slug',
    'posts.body': LOREM, 'posts.rating': 'number.float', 'posts.views': 'number.int', 'posts.published_at': DATE, 'posts.edited_at': DATE,
    'posts.is_featured': 'datatype.boolean', 'comments.author_name': 'person.fullName', 'comments.author_email': 'internet.email', 'comments.ip_address': IP,
    'comments.content': LOREM, 'comments.created_at': DATE,
  },
};

const FILES: Record<string, string> = { POSTGRES_DDL: 'pg-dump.sql', MYSQL_DDL: 'mysqldump.sql', SQLITE_DDL: 'sqlite3-schema.sql' };

describe('generators for recognisable columns', () => {
  it('picks what a person would pick for at least 90% of them', async () => {
    const misses: string[] = [];
    let total = 0;
    for (const [source, expected] of Object.entries(EXPECTED)) {
      const { report } = await importText(source, fixture(FILES[source]));
      for (const [column, wanted] of Object.entries(expected)) {
        total++;
        const [table, field] = column.split('.');
        const decision = report.find((d) => d.table === table && d.field === field);
        // An address part drawn from one place per row means what its location.* list does.
        const allowed = [wanted].flat().flatMap((g) => (g.startsWith('location.') ? [g, g.replace('location.', 'place.')] : [g]));
        if (!decision || !allowed.includes(decision.generator)) misses.push(`${source} ${column}: ${decision?.generator ?? 'no field'} (${decision?.reason ?? ''}), expected ${allowed.join(' or ')}`);
      }
    }
    const share = (total - misses.length) / total;
    if (misses.length) console.log(`${total - misses.length}/${total} (${(share * 100).toFixed(1)}%) as expected; misses:\n${misses.join('\n')}`);
    expect(total).toBeGreaterThanOrEqual(80);
    expect(share).toBeGreaterThanOrEqual(0.9);
  }, 60_000);
});
