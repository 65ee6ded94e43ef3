/**
 * An SDL in the shape of a GraphQL layer over a REST API (`ID` keys the app
 * writes as 1, 2, 3; `filter` inputs matched by case-insensitive contains;
 * `page` numbers of 20 rows with an `info { count pages next prev }` block;
 * `…ByIds` lists; plain `createX(input:)`/`updateX(id:, input:)`/`deleteX(id:)`
 * mutations), with a dozen queries an app would send.
 */
import { expect } from '@jest/globals';
import { ok, type StyleCase } from './cases';
import { keys } from './truth';

export const REST_SDL = /* GraphQL */ `
type Query {
  "A book by its id."
  book(id: ID!): Book
  "Books, 20 a page."
  books(page: Int, filter: FilterBook): Books
  booksByIds(ids: [ID!]!): [Book]
  author(id: ID!): Author
  authors(page: Int, filter: FilterAuthor): Authors
}
type Books { info: Info results: [Book] }
type Authors { info: Info results: [Author] }
type Info { count: Int pages: Int next: Int prev: Int }
type Book {
  id: ID
  title: String
  "The format ('Hardcover', 'Paperback' or 'Ebook')."
  format: String
  genre: String
  pages: Int
  author: Author
  created: String
}
type Author {
  id: ID
  name: String
  country: String
  books: [Book]!
}
input FilterBook { title: String format: String genre: String }
input FilterAuthor { name: String country: String }
input BookInput { title: String format: String genre: String pages: Int authorId: ID }
type Mutation {
  createBook(input: BookInput!): Book
  updateBook(id: ID!, input: BookInput!): Book
  deleteBook(id: ID!): Boolean
  likeBook(id: ID!): Book
}
`;

const PAGE = 20;
const contains = (value: unknown, text: string) => typeof value === 'string' && value.toLowerCase().includes(text.toLowerCase());
const info = (count: number, page: number) => {
  const pages = Math.ceil(count / PAGE);
  return { count, pages, next: page < pages ? page + 1 : null, prev: page > 1 && pages > 0 ? Math.min(page - 1, pages) : null };
};

export const REST_CASES: StyleCase[] = [
  {
    name: 'the first page, its info agreeing with the rows',
    run: async (t, truth) => {
      const { books } = await ok(t, '{ books { info { count pages next prev } results { id title } } }');
      const all = truth.rows('Book');
      expect(books.info).toEqual(info(all.length, 1));
      expect(keys(books.results)).toEqual(keys(all.slice(0, PAGE)));
    },
  },
  {
    name: 'page 2',
    run: async (t, truth) => {
      const { books } = await ok(t, '{ books(page: 2) { info { count pages next prev } results { id } } }');
      expect(books.info).toEqual(info(truth.rows('Book').length, 2));
      expect(keys(books.results)).toEqual(keys(truth.rows('Book').slice(PAGE, 2 * PAGE)));
    },
  },
  {
    name: 'walking the pages of a filter until next is null: every matching row once',
    run: async (t, truth) => {
      const seen: string[] = [];
      const counts = new Set<number>();
      for (let page: number | null = 1; page !== null; ) {
        const { books }: any = await ok(t, 'query($page: Int) { books(page: $page, filter: { format: "back" }) { info { count next } results { id format } } }', { page });
        counts.add(books.info.count);
        for (const b of books.results) expect(contains(b.format, 'back')).toBe(true);
        seen.push(...keys(books.results));
        page = books.info.next;
      }
      const matching = truth.rows('Book').filter((b) => contains(b.format, 'back'));
      expect(matching.length).toBeGreaterThan(PAGE);
      expect(seen).toEqual(keys(matching));
      expect([...counts]).toEqual([matching.length]);
    },
  },
  {
    name: 'two filter fields, each a case-insensitive contains',
    run: async (t, truth) => {
      const { books } = await ok(t, '{ books(filter: { title: "the", format: "EBOOK" }) { info { count } results { id title format } } }');
      const matching = truth.rows('Book').filter((b) => contains(b.title, 'the') && contains(b.format, 'EBOOK'));
      expect(books.info.count).toBe(matching.length);
      expect(keys(books.results)).toEqual(keys(matching.slice(0, PAGE)));
    },
  },
  {
    name: 'a page past the end: no rows, next null, prev the last page',
    run: async (t, truth) => {
      const { books } = await ok(t, '{ books(page: 999) { info { count pages next prev } results { id } } }');
      expect(books).toEqual({ info: info(truth.rows('Book').length, 999), results: [] });
    },
  },
  {
    name: 'lookups by the ids an app writes, 1, 2, 3; one past the end is null',
    run: async (t, truth) => {
      const { book, missing } = await ok(t, '{ book(id: 1) { id title author { id name } } missing: book(id: 999999) { id } }');
      const first = truth.byKey('Book', 1)!;
      expect(book).toEqual({ id: '1', title: first.title, author: first.$refs.author === null ? null : { id: String(first.$refs.author), name: truth.byKey('Author', first.$refs.author)!.name } });
      expect(missing).toBeNull();
    },
  },
  {
    name: 'byIds answers exactly the rows of the ids that exist',
    run: async (t) => {
      const { booksByIds } = await ok(t, '{ booksByIds(ids: [3, 1, 999999]) { id } }');
      expect(keys(booksByIds)).toEqual(['3', '1']);
    },
  },
  {
    name: 'children both ways',
    run: async (t, truth) => {
      const { author } = await ok(t, '{ author(id: 2) { id books { id author { id } } } }');
      expect(keys(author.books)).toEqual(keys(truth.childrenOf('Book', 'author', 2)));
      for (const b of author.books) expect(b.author).toEqual({ id: '2' });
    },
  },
  {
    name: 'the same conventions on another type',
    run: async (t, truth) => {
      const { authors } = await ok(t, '{ authors(filter: { country: "an" }) { info { count pages } results { id country } } }');
      const matching = truth.rows('Author').filter((a) => contains(a.country, 'an'));
      expect(authors.info).toEqual({ count: matching.length, pages: Math.ceil(matching.length / PAGE) });
      expect(keys(authors.results)).toEqual(keys(matching.slice(0, PAGE)));
    },
  },
  {
    name: 'createBook answers the new book, which its author lists',
    run: async (t, truth) => {
      const { createBook } = await ok(t, 'mutation { createBook(input: { title: "Dune", format: "Paperback", pages: 412, authorId: 2 }) { id title format pages author { id } } }');
      expect(createBook).toMatchObject({ title: 'Dune', format: 'Paperback', pages: 412, author: { id: '2' } });
      expect(Number(createBook.id)).toBeGreaterThan(truth.rows('Book').length - 1);
      const { book } = await ok(t, `{ book(id: ${createBook.id}) { id title format genre pages created } }`);
      expect(book).toMatchObject({ id: createBook.id, title: 'Dune', format: 'Paperback', pages: 412 });
      truth.recordCreate('Book', book, { author: 2 });
      expect(keys((await ok(t, '{ author(id: 2) { books { id } } }')).author.books)).toEqual(keys(truth.childrenOf('Book', 'author', 2)));
      expect((await ok(t, '{ books(filter: { title: "dune" }) { info { count } } }')).books.info.count).toBe(truth.rows('Book').filter((b) => contains(b.title, 'dune')).length);
    },
  },
  {
    name: 'updateBook and deleteBook, read back',
    run: async (t, truth) => {
      const { updateBook } = await ok(t, 'mutation { updateBook(id: 5, input: { title: "Renamed" }) { id title format } }');
      expect(updateBook).toEqual({ id: '5', title: 'Renamed', format: truth.byKey('Book', 5)!.format });
      truth.recordUpdate('Book', 5, { title: 'Renamed' });
      expect((await ok(t, '{ book(id: 5) { title } }')).book.title).toBe('Renamed');
      const victim = truth.rows('Book').find((b) => Number(b.id) > 5)!.id;
      expect((await ok(t, `mutation { deleteBook(id: ${victim}) }`)).deleteBook).toBe(true);
      truth.recordDelete('Book', victim);
      const after = await ok(t, `{ book(id: ${victim}) { id } booksByIds(ids: [5, ${victim}, 1]) { id } books { info { count } } }`);
      expect(after).toEqual({ book: null, booksByIds: [{ id: '5' }, { id: '1' }], books: { info: { count: truth.rows('Book').length } } });
    },
  },
  {
    name: 'a mutation of no create, update or delete shape answers the row its id names, overlay included, and writes nothing',
    run: async (t, truth) => {
      const { likeBook } = await ok(t, 'mutation { likeBook(id: 5) { id title format } }');
      const book = truth.byKey('Book', 5)!;
      expect(likeBook).toEqual({ id: '5', title: book.title, format: book.format });
      expect((await ok(t, '{ book(id: 5) { id title format } }')).book).toEqual(likeBook);
      // `likeBook(id: ID!): Book` allows null: a book that does not exist answers it.
      expect(await t.send('mutation { likeBook(id: 987654321) { id } }')).toMatchObject({ data: { likeBook: null } });
    },
  },
];
