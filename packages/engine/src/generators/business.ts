import type { GeneratorDef } from './types';
import { fakerGenerator, listGenerator, opt } from './helpers';

const price = { min: opt.num({ minimum: 0 }), max: opt.num({ minimum: 0 }), dec: opt.int({ minimum: 0, maximum: 10 }) };
const plainText = true;
const name = (v: { name: string }) => v.name;

export const businessGenerators: GeneratorDef[] = [
  listGenerator('commerce.department', 'Store department', 'commerce.department'),
  fakerGenerator('commerce.productName', 'Product name'),
  fakerGenerator('commerce.product', 'Product noun'),
  fakerGenerator('commerce.productAdjective', 'Product adjective'),
  fakerGenerator('commerce.productMaterial', 'Product material'),
  fakerGenerator('commerce.productDescription', 'Product description', { sqlType: { mysql: 'TEXT' } }),
  fakerGenerator('commerce.price', 'Price as a decimal in [min, max]', { output: 'float', options: price, map: Number, plainText }),
  fakerGenerator('commerce.isbn', 'ISBN-13', { plainText }),
  fakerGenerator('commerce.upc', 'UPC-A barcode', { plainText }),
  fakerGenerator('finance.accountNumber', 'Bank account number', { options: { length: opt.int({ minimum: 1, maximum: 34 }) }, args: (o) => [o.length ?? 8], plainText }),
  fakerGenerator('finance.accountName', 'Account name such as "Savings Account"'),
  fakerGenerator('finance.amount', 'Amount as a decimal in [min, max]', { output: 'float', options: price, map: Number, plainText }),
  fakerGenerator('finance.bic', 'BIC / SWIFT code', { plainText }),
  fakerGenerator('finance.bitcoinAddress', 'Bitcoin address', { plainText }),
  fakerGenerator('finance.creditCardCVV', 'Card verification value', { plainText }),
  fakerGenerator('finance.creditCardIssuer', 'Card issuer', { plainText }),
  fakerGenerator('finance.creditCardNumber', 'Card number (valid Luhn)', { plainText }),
  fakerGenerator('finance.currencyCode', 'ISO 4217 currency code', { plainText }),
  fakerGenerator('finance.currencyName', 'Currency name'),
  fakerGenerator('finance.currencySymbol', 'Currency symbol'),
  fakerGenerator('finance.currencyNumericCode', 'ISO 4217 numeric code', { plainText }),
  fakerGenerator('finance.ethereumAddress', 'Ethereum address', { plainText }),
  fakerGenerator('finance.iban', 'IBAN', { options: { formatted: opt.bool(), countryCode: opt.str({ pattern: '^[A-Z]{2}$' }) } }),
  fakerGenerator('finance.litecoinAddress', 'Litecoin address', { plainText }),
  fakerGenerator('finance.pin', 'PIN code', { options: { length: opt.int({ minimum: 1, maximum: 20 }) }, args: (o) => [o.length ?? 4], plainText }),
  fakerGenerator('finance.routingNumber', 'ABA routing number', { plainText }),
  fakerGenerator('finance.transactionDescription', 'Bank transaction description'),
  listGenerator('finance.transactionType', 'Transaction type', 'finance.transaction_type'),
  fakerGenerator('finance.currency', 'Currency name (object name)', { map: name }),
];
