import type { BlueprintDocument } from '../../../packages/engine/src/document/types';

/**
 * A pagila-like schema as an import would describe it: enum, domain, a
 * junction table with a composite key sized per film, a composite key of a
 * ref and a list, a composite unique over a timestamp and a ref, two-column
 * CHECKs through {field} bounds, arrays, jsonb, tsvector, inet, macaddr,
 * bytea, interval and time. Beside it, the schema as each database's own
 * dump tool would write it, with every constraint: what the data must load
 * into on the first try.
 */
export const pagila: BlueprintDocument = {
  seedbed: 1, name: 'pagila', seed: 7, sqlDialect: 'postgres',
  enums: { mpaa_rating: ['G', 'PG', 'PG-13', 'R', 'NC-17'] },
  domains: { year: { type: 'integer', check: 'VALUE >= 1901 AND VALUE <= 2155' } },
  tables: [
    { name: 'actor', rows: 20, primaryKey: 'actor_id', fields: [
      { name: 'actor_id', generator: 'sequence', sqlType: 'integer' },
      { name: 'first_name', generator: 'person.firstName', sqlType: 'text' },
      { name: 'last_update', generator: 'date.between', options: { from: '2020-01-01', to: '2024-12-31' }, sqlType: 'timestamp with time zone' },
    ] },
    { name: 'film', rows: 30, primaryKey: 'film_id', fields: [
      { name: 'film_id', generator: 'sequence', sqlType: 'integer' },
      { name: 'title', generator: 'lorem.words', sqlType: 'text' },
      { name: 'description', generator: 'lorem.sentence', nullRate: 0.2, sqlType: 'text' },
      { name: 'release_year', generator: 'number.int', options: { min: 1990, max: 2024 }, sqlType: 'year' },
      { name: 'rental_rate', generator: 'number.float', options: { min: 0.99, max: 4.99, precision: 0.01 }, sqlType: 'numeric(4,2)' },
      { name: 'replacement_cost', generator: 'number.float', options: { min: '{rental_rate}', max: 99.99, precision: 0.01, minExclusive: true }, sqlType: 'numeric(5,2)' },
      { name: 'rating', generator: 'weighted', options: { values: { G: 1, PG: 2, 'PG-13': 3, R: 2, 'NC-17': 1 } }, sqlType: 'mpaa_rating' },
      { name: 'special_features', generator: 'array', options: { element: 'list', elementOptions: { values: ['Trailers', 'Commentaries', 'Deleted "Scenes"', 'Behind, the Scenes'] }, min: 0, max: 3 }, sqlType: 'text[]' },
      { name: 'fulltext', generator: 'tsvector', options: { source: '{title} {description}' }, sqlType: 'tsvector' },
      { name: 'meta', generator: 'json', sqlType: 'jsonb' },
      { name: 'poster', generator: 'bytes', options: { min: 0, max: 8 }, nullRate: 0.1, sqlType: 'bytea' },
    ] },
    { name: 'film_actor', rows: { perParent: 'film', min: 1, max: 10 }, primaryKey: ['actor_id', 'film_id'], fields: [
      { name: 'actor_id', generator: 'ref', options: { table: 'actor' }, sqlType: 'integer' },
      { name: 'film_id', generator: 'ref', options: { table: 'film' }, sqlType: 'integer' },
      { name: 'last_update', generator: 'date.between', options: { from: '2020-01-01', to: '2024-12-31' }, sqlType: 'timestamptz' },
    ] },
    { name: 'film_category', rows: 40, primaryKey: ['film_id', 'category'], fields: [
      { name: 'film_id', generator: 'ref', options: { table: 'film' } },
      { name: 'category', generator: 'list', options: { values: ['Action', 'Comedy', 'Drama'] }, sqlType: 'varchar(25)' },
    ] },
    { name: 'customer', rows: 25, primaryKey: 'customer_id', fields: [
      { name: 'customer_id', generator: 'sequence', sqlType: 'integer' },
      { name: 'email', generator: 'internet.email', unique: true, sqlType: 'varchar(50)' },
      { name: 'ip', generator: 'internet.ip', sqlType: 'inet' },
      { name: 'mac', generator: 'internet.mac', sqlType: 'macaddr' },
      { name: 'token', generator: 'uuid', sqlType: 'uuid' },
      { name: 'active', generator: 'datatype.boolean', sqlType: 'boolean' },
    ] },
    { name: 'rental', rows: 200, primaryKey: 'rental_id', unique: [['rental_date', 'customer_id']], fields: [
      { name: 'rental_id', generator: 'sequence', sqlType: 'integer' },
      { name: 'rental_date', generator: 'date.between', options: { from: '2024-01-01', to: '2024-01-02' }, sqlType: 'timestamp with time zone' },
      { name: 'customer_id', generator: 'ref', options: { table: 'customer' }, sqlType: 'integer' },
      { name: 'return_date', generator: 'date.between', options: { from: '{rental_date}', to: '2024-03-01' }, nullRate: 0.2, sqlType: 'timestamp with time zone' },
      { name: 'return_day', generator: 'date.between', options: { from: '{rental_date}', to: '2024-03-01', dateOnly: true }, sqlType: 'date' },
      { name: 'duration', generator: 'date.interval', sqlType: 'interval' },
      { name: 'pickup', generator: 'date.time', sqlType: 'time without time zone' },
    ] },
  ],
};

/** As `pg_dump --schema-only` writes it (trimmed of ownership and SET lines). */
export const PAGILA_POSTGRES = `
CREATE TYPE public.mpaa_rating AS ENUM ('G', 'PG', 'PG-13', 'R', 'NC-17');
CREATE DOMAIN public.year AS integer CONSTRAINT year_check CHECK (((VALUE >= 1901) AND (VALUE <= 2155)));

CREATE TABLE public.actor (
    actor_id integer NOT NULL,
    first_name text NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE public.film (
    film_id integer NOT NULL,
    title text NOT NULL,
    description text,
    release_year public.year,
    rental_rate numeric(4,2) DEFAULT 4.99 NOT NULL,
    replacement_cost numeric(5,2) DEFAULT 19.99 NOT NULL,
    rating public.mpaa_rating DEFAULT 'G'::public.mpaa_rating,
    special_features text[],
    fulltext tsvector NOT NULL,
    meta jsonb,
    poster bytea,
    CONSTRAINT film_cost_check CHECK ((replacement_cost > rental_rate))
);
CREATE TABLE public.film_actor (
    actor_id integer NOT NULL,
    film_id integer NOT NULL,
    last_update timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE public.film_category (
    film_id integer NOT NULL,
    category character varying(25) NOT NULL,
    CONSTRAINT film_category_check CHECK (((category)::text = ANY ((ARRAY['Action'::character varying, 'Comedy'::character varying, 'Drama'::character varying])::text[])))
);
CREATE TABLE public.customer (
    customer_id integer NOT NULL,
    email character varying(50),
    ip inet,
    mac macaddr,
    token uuid NOT NULL,
    active boolean DEFAULT true NOT NULL
);
CREATE TABLE public.rental (
    rental_id integer NOT NULL,
    rental_date timestamp with time zone NOT NULL,
    customer_id integer NOT NULL,
    return_date timestamp with time zone,
    return_day date NOT NULL,
    duration interval,
    pickup time without time zone,
    CONSTRAINT rental_return_check CHECK ((return_date >= rental_date)),
    CONSTRAINT rental_return_day_check CHECK ((return_day >= rental_date))
);

ALTER TABLE ONLY public.actor ADD CONSTRAINT actor_pkey PRIMARY KEY (actor_id);
ALTER TABLE ONLY public.film ADD CONSTRAINT film_pkey PRIMARY KEY (film_id);
ALTER TABLE ONLY public.film_actor ADD CONSTRAINT film_actor_pkey PRIMARY KEY (actor_id, film_id);
ALTER TABLE ONLY public.film_category ADD CONSTRAINT film_category_pkey PRIMARY KEY (film_id, category);
ALTER TABLE ONLY public.customer ADD CONSTRAINT customer_pkey PRIMARY KEY (customer_id);
ALTER TABLE ONLY public.customer ADD CONSTRAINT customer_email_key UNIQUE (email);
ALTER TABLE ONLY public.rental ADD CONSTRAINT rental_pkey PRIMARY KEY (rental_id);
ALTER TABLE ONLY public.rental ADD CONSTRAINT rental_date_customer_key UNIQUE (rental_date, customer_id);
ALTER TABLE ONLY public.film_actor ADD CONSTRAINT film_actor_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.actor(actor_id);
ALTER TABLE ONLY public.film_actor ADD CONSTRAINT film_actor_film_id_fkey FOREIGN KEY (film_id) REFERENCES public.film(film_id);
ALTER TABLE ONLY public.film_category ADD CONSTRAINT film_category_film_id_fkey FOREIGN KEY (film_id) REFERENCES public.film(film_id);
ALTER TABLE ONLY public.rental ADD CONSTRAINT rental_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customer(customer_id);
`;

/** As `mysqldump --no-data` writes it (sakila's types: ENUM inline, YEAR, JSON, BLOB). */
export const PAGILA_MYSQL = `
CREATE TABLE \`actor\` (
  \`actor_id\` int NOT NULL,
  \`first_name\` varchar(45) NOT NULL,
  \`last_update\` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (\`actor_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE \`film\` (
  \`film_id\` int NOT NULL,
  \`title\` varchar(255) NOT NULL,
  \`description\` text,
  \`release_year\` year DEFAULT NULL,
  \`rental_rate\` decimal(4,2) NOT NULL DEFAULT '4.99',
  \`replacement_cost\` decimal(5,2) NOT NULL DEFAULT '19.99',
  \`rating\` enum('G','PG','PG-13','R','NC-17') DEFAULT 'G',
  \`special_features\` json DEFAULT NULL,
  \`fulltext\` text NOT NULL,
  \`meta\` json DEFAULT NULL,
  \`poster\` blob,
  PRIMARY KEY (\`film_id\`),
  CONSTRAINT \`film_cost_check\` CHECK (\`replacement_cost\` > \`rental_rate\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE \`film_actor\` (
  \`actor_id\` int NOT NULL,
  \`film_id\` int NOT NULL,
  \`last_update\` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (\`actor_id\`,\`film_id\`),
  KEY \`idx_fk_film_id\` (\`film_id\`),
  CONSTRAINT \`fk_film_actor_actor\` FOREIGN KEY (\`actor_id\`) REFERENCES \`actor\` (\`actor_id\`),
  CONSTRAINT \`fk_film_actor_film\` FOREIGN KEY (\`film_id\`) REFERENCES \`film\` (\`film_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE \`film_category\` (
  \`film_id\` int NOT NULL,
  \`category\` varchar(25) NOT NULL,
  PRIMARY KEY (\`film_id\`,\`category\`),
  CONSTRAINT \`fk_film_category_film\` FOREIGN KEY (\`film_id\`) REFERENCES \`film\` (\`film_id\`),
  CONSTRAINT \`film_category_check\` CHECK (\`category\` in ('Action','Comedy','Drama'))
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE \`customer\` (
  \`customer_id\` int NOT NULL,
  \`email\` varchar(50) DEFAULT NULL,
  \`ip\` varchar(45) DEFAULT NULL,
  \`mac\` char(17) DEFAULT NULL,
  \`token\` char(36) NOT NULL,
  \`active\` tinyint(1) NOT NULL DEFAULT '1',
  PRIMARY KEY (\`customer_id\`),
  UNIQUE KEY \`email\` (\`email\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
CREATE TABLE \`rental\` (
  \`rental_id\` int NOT NULL,
  \`rental_date\` datetime NOT NULL,
  \`customer_id\` int NOT NULL,
  \`return_date\` datetime DEFAULT NULL,
  \`return_day\` date NOT NULL,
  \`duration\` varchar(40) DEFAULT NULL,
  \`pickup\` time DEFAULT NULL,
  PRIMARY KEY (\`rental_id\`),
  UNIQUE KEY \`rental_date\` (\`rental_date\`,\`customer_id\`),
  CONSTRAINT \`fk_rental_customer\` FOREIGN KEY (\`customer_id\`) REFERENCES \`customer\` (\`customer_id\`),
  CONSTRAINT \`rental_return_check\` CHECK (\`return_date\` >= \`rental_date\`),
  CONSTRAINT \`rental_return_day_check\` CHECK (\`return_day\` >= \`rental_date\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
`;

/** As `sqlite3 .schema` prints it. */
export const PAGILA_SQLITE = `
CREATE TABLE actor (actor_id INTEGER NOT NULL PRIMARY KEY, first_name TEXT NOT NULL, last_update TIMESTAMP NOT NULL);
CREATE TABLE film (
  film_id INTEGER NOT NULL PRIMARY KEY,
  title TEXT NOT NULL,
  description TEXT,
  release_year INTEGER CHECK (release_year BETWEEN 1901 AND 2155),
  rental_rate NUMERIC NOT NULL,
  replacement_cost NUMERIC NOT NULL,
  rating TEXT CHECK (rating IN ('G', 'PG', 'PG-13', 'R', 'NC-17')),
  special_features TEXT,
  fulltext TEXT NOT NULL,
  meta TEXT CHECK (json_valid(meta)),
  poster BLOB CHECK (poster IS NULL OR typeof(poster) = 'blob'),
  CHECK (replacement_cost > rental_rate)
);
CREATE TABLE film_actor (
  actor_id INTEGER NOT NULL REFERENCES actor (actor_id),
  film_id INTEGER NOT NULL REFERENCES film (film_id),
  last_update TIMESTAMP NOT NULL,
  PRIMARY KEY (actor_id, film_id)
);
CREATE TABLE film_category (
  film_id INTEGER NOT NULL REFERENCES film (film_id),
  category VARCHAR(25) NOT NULL CHECK (category IN ('Action', 'Comedy', 'Drama')),
  PRIMARY KEY (film_id, category)
);
CREATE TABLE customer (customer_id INTEGER NOT NULL PRIMARY KEY, email VARCHAR(50) UNIQUE, ip TEXT, mac TEXT, token TEXT NOT NULL, active BOOLEAN NOT NULL);
CREATE TABLE rental (
  rental_id INTEGER NOT NULL PRIMARY KEY,
  rental_date TIMESTAMP NOT NULL,
  customer_id INTEGER NOT NULL REFERENCES customer (customer_id),
  return_date TIMESTAMP,
  return_day DATE NOT NULL,
  duration TEXT,
  pickup TEXT,
  UNIQUE (rental_date, customer_id),
  CHECK (return_date >= rental_date),
  CHECK (return_day >= substr(rental_date, 1, 10))
);
`;
