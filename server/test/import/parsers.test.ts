/**
 * What each parser does with the awkward parts of real schemas: statements
 * their parser refuses (skipped with their line), statements that must never
 * run, cycles, composite foreign keys and CHECKs that become options.
 */
import { compileBlueprint, validateBlueprint } from '@seedbed/engine';
import { importText } from './load-helpers';

const field = (document: unknown, table: string, name: string) =>
  (document as { tables: { name: string; fields: { name: string; generator: string; options?: Record<string, unknown>; nullRate?: number }[] }[] }).tables
    .find((t) => t.name === table)!.fields.find((f) => f.name === name)!;

describe('PostgreSQL DDL', () => {
  it('skips a statement its parser refuses, with its line, and reads the rest', async () => {
    const { document, skipped } = await importText('POSTGRES_DDL', 'CREATE TABLE a (id int PRIMARY KEY);\n\nCREATE TABLE b (id int PRIMARY KEY,, oops);\nCREATE TABLE c (id int PRIMARY KEY);');
    expect(document.tables.map((t) => t.name)).toEqual(['a', 'c']);
    expect(skipped).toContainEqual(expect.objectContaining({ kind: 'statement', reason: expect.stringMatching(/^line 3: the parser refused it/) }));
  });

  it('gives the line of the error itself, not of the statement it is in', async () => {
    const { skipped } = await importText('POSTGRES_DDL', 'CREATE TABLE a (id int PRIMARY KEY);\n\nCREATE TABLE b (\n  id int,\n  name text\n  , x int,,\n);');
    expect(skipped).toContainEqual(expect.objectContaining({ kind: 'statement', reason: 'line 6: the parser refused it (syntax error at or near ",").' }));
  });

  it('refuses a cycle of NOT NULL references with the line of its key, and keeps nullable and DEFERRABLE cycles', async () => {
    const cycle = `
      CREATE TABLE store (id int PRIMARY KEY, manager_id int NOT NULL);
      CREATE TABLE staff (id int PRIMARY KEY, store_id int NOT NULL REFERENCES store(id));
      ALTER TABLE store ADD CONSTRAINT store_manager FOREIGN KEY (manager_id) REFERENCES staff(id)`;
    await expect(importText('POSTGRES_DDL', `${cycle};`)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringMatching(/^line \d: store → staff → store reference each other through NOT NULL foreign keys \(store\.manager_id \(line 4\), staff\.store_id \(line 3\)\)/),
    });
    const { document } = await importText('POSTGRES_DDL', `${cycle} DEFERRABLE INITIALLY DEFERRED;
      CREATE TABLE team (id int PRIMARY KEY, captain_id int);
      CREATE TABLE player (id int PRIMARY KEY, team_id int NOT NULL REFERENCES team(id));
      ALTER TABLE team ADD FOREIGN KEY (captain_id) REFERENCES player(id);`);
    expect(field(document, 'store', 'manager_id')).toMatchObject({ generator: 'ref', options: { table: 'staff', deferrable: true } });
    expect(field(document, 'team', 'captain_id')).toMatchObject({ generator: 'ref', options: { table: 'player' } });
    expect(field(document, 'team', 'captain_id').nullRate).toBeGreaterThan(0);
  });

  it('keeps a composite foreign key whole: one column picks the parent row, the others take that row\'s columns', async () => {
    const { document, skipped } = await importText('POSTGRES_DDL', `
      CREATE TABLE film_actor (film_id int, actor_id int, PRIMARY KEY (film_id, actor_id));
      CREATE TABLE credit (id int PRIMARY KEY, film_id int, actor_id int, FOREIGN KEY (film_id, actor_id) REFERENCES film_actor);
      CREATE TABLE award (id int PRIMARY KEY, film_id int NOT NULL, actor_id int NOT NULL, FOREIGN KEY (film_id, actor_id) REFERENCES film_actor);
      CREATE TABLE orphan (id int PRIMARY KEY, a int, b int, FOREIGN KEY (a, b) REFERENCES missing (x, y));`);
    expect(field(document, 'award', 'film_id')).toMatchObject({ generator: 'ref', options: { table: 'film_actor', field: 'film_id' } });
    expect(field(document, 'award', 'actor_id')).toMatchObject({ generator: 'ref', options: { table: 'film_actor', field: 'actor_id', via: 'film_id' } });
    expect(field(document, 'credit', 'actor_id')).toMatchObject({ options: { via: 'film_id' } });
    expect(field(document, 'credit', 'actor_id').nullRate).toBeUndefined();
    expect(skipped).toContainEqual(expect.objectContaining({ kind: 'foreign key', name: 'orphan(a, b)', reason: expect.stringContaining('is not imported') }));
    expect(skipped).not.toContainEqual(expect.objectContaining({ kind: 'foreign key', name: 'award(film_id, actor_id)' }));
  });

  it('turns ranges, IN lists, BETWEEN, lengths and domains into options, and lists the CHECKs it cannot', async () => {
    const { document, skipped } = await importText('POSTGRES_DDL', `
      CREATE DOMAIN percent AS numeric(5,2) CHECK (VALUE >= 0 AND VALUE <= 100);
      CREATE TABLE t (
        id int PRIMARY KEY,
        size text NOT NULL CHECK (size IN ('S', 'M', 'L')),
        score percent NOT NULL,
        age int CHECK (age BETWEEN 18 AND 65),
        code varchar(6) NOT NULL CHECK (char_length(code) = 6),
        odd int CHECK (odd % 2 = 1)
      );`);
    expect(field(document, 't', 'size').options).toEqual({ values: [{ value: 'S', weight: 1 }, { value: 'M', weight: 1 }, { value: 'L', weight: 1 }] });
    expect(field(document, 't', 'score')).toMatchObject({ options: { min: 0, max: 100 }, sqlType: 'percent' });
    expect(field(document, 't', 'age').options).toMatchObject({ min: 18, max: 65 });
    expect(field(document, 't', 'code').options).toMatchObject({ length: 6 });
    // What options cannot say is still held, on every row, by the CHECK itself.
    expect(document.tables[0].checks?.map((c) => c.text)).toContain('odd % 2 = 1');
    expect(skipped.filter((s) => s.kind === 'check')).toEqual([]);
    expect((document as unknown as { domains: unknown }).domains).toEqual({ percent: { type: 'numeric(5,2)', check: 'VALUE >= 0 AND VALUE <= 100' } });
  });
});

describe('MySQL DDL', () => {
  it('skips a statement its parser refuses with its line, and reads the tables around it', async () => {
    const { document, skipped } = await importText('MYSQL_DDL', [
      'CREATE TABLE `a` (`id` int NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB;',
      'CREATE TABLE `b` (`id` int NOT NULL, `x` int NOT NULL DEFAULT ((1 + ))) ENGINE=InnoDB;',
      'CREATE TABLE `c` (`id` int NOT NULL, `a_id` int NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `fk` FOREIGN KEY (`a_id`) REFERENCES `a` (`id`)) ENGINE=InnoDB;',
    ].join('\n'));
    expect(document.tables.map((t) => t.name)).toEqual(['a', 'c']);
    expect(skipped).toContainEqual(expect.objectContaining({ kind: 'statement', reason: expect.stringMatching(/^line 2: the parser refused it/) }));
    expect(field(document, 'c', 'a_id')).toMatchObject({ generator: 'ref', options: { table: 'a' } });
  });

  it('reads NVARCHAR, VARCHAR(n) BINARY and ZEROFILL, which real scripts use, and says what it read without', async () => {
    const { document, skipped } = await importText('MYSQL_DDL', [
      'CREATE TABLE `Artist` (`ArtistId` INT NOT NULL, `Name` NVARCHAR(120), CONSTRAINT `PK_Artist` PRIMARY KEY (`ArtistId`));',
      'CREATE TABLE staff (staff_id TINYINT UNSIGNED NOT NULL AUTO_INCREMENT, username VARCHAR(16) NOT NULL, password VARCHAR(40) BINARY DEFAULT NULL,',
      '  balance DECIMAL(10,2) UNSIGNED ZEROFILL, PRIMARY KEY (staff_id)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;',
    ].join('\n'));
    expect(document.tables.map((t) => t.name)).toEqual(['Artist', 'staff']);
    expect(field(document, 'Artist', 'Name')).toMatchObject({ sqlType: 'varchar(120)' });
    expect(field(document, 'staff', 'password')).toMatchObject({ sqlType: 'varchar(40)' });
    expect(skipped).toContainEqual(expect.objectContaining({ kind: 'attribute', name: 'BINARY, ZEROFILL', reason: expect.stringMatching(/^line 2: /) }));
  });

  it('leaves a table an INSERT trigger fills to the trigger, and checks a NOT NULL key cycle at COMMIT', async () => {
    const { document, report } = await importText('MYSQL_DDL', `
CREATE TABLE store (store_id INT NOT NULL PRIMARY KEY, manager_staff_id INT NOT NULL);
CREATE TABLE staff (staff_id INT NOT NULL PRIMARY KEY, store_id INT NOT NULL, CONSTRAINT fk_staff_store FOREIGN KEY (store_id) REFERENCES store (store_id));
ALTER TABLE store ADD CONSTRAINT fk_store_staff FOREIGN KEY (manager_staff_id) REFERENCES staff (staff_id);
CREATE TABLE film (film_id INT NOT NULL PRIMARY KEY, title VARCHAR(128) NOT NULL);
CREATE TABLE film_text (film_id INT NOT NULL PRIMARY KEY, title VARCHAR(255) NOT NULL);
DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=\`root\`@\`localhost\`*/ /*!50003 TRIGGER \`ins_film\` AFTER INSERT ON \`film\` FOR EACH ROW BEGIN
    INSERT INTO film_text (film_id, title) VALUES (new.film_id, new.title);
  END */;;
DELIMITER ;`);
    expect(document.tables.find((t) => t.name === 'film_text')!.rows).toBe(0);
    expect(report.find((d) => d.table === 'film_text' && d.generator === 'rows')!.reason).toMatch(/trigger ins_film on film \(line 8\)/);
    const closing = [field(document, 'store', 'manager_staff_id'), field(document, 'staff', 'store_id')].filter((f) => f.options?.deferrable);
    expect(closing).toHaveLength(1);
  });

  it('folds text keys for a case-insensitive collation, but not key columns taken from a parent (a junction over CHAR keys stays a valid blueprint)', async () => {
    const { document } = await importText('MYSQL_DDL', `
CREATE TABLE \`departments\` (\`dept_no\` char(4) NOT NULL, \`dept_name\` varchar(40) NOT NULL, PRIMARY KEY (\`dept_no\`), UNIQUE KEY \`dept_name\` (\`dept_name\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
CREATE TABLE \`employees\` (\`emp_no\` int NOT NULL, \`first_name\` varchar(14) NOT NULL, PRIMARY KEY (\`emp_no\`)) ENGINE=InnoDB;
CREATE TABLE \`dept_manager\` (\`emp_no\` int NOT NULL, \`dept_no\` char(4) NOT NULL, PRIMARY KEY (\`emp_no\`,\`dept_no\`), KEY \`dept_no\` (\`dept_no\`),
  CONSTRAINT \`dept_manager_ibfk_1\` FOREIGN KEY (\`emp_no\`) REFERENCES \`employees\` (\`emp_no\`) ON DELETE CASCADE,
  CONSTRAINT \`dept_manager_ibfk_2\` FOREIGN KEY (\`dept_no\`) REFERENCES \`departments\` (\`dept_no\`) ON DELETE CASCADE) ENGINE=InnoDB;`);
    const folded = (name: string) => (document.tables.find((t) => t.name === name)!.uniqueIndexes ?? []).map((u) => JSON.stringify(u.keys));
    expect(folded('departments')).toEqual(expect.arrayContaining([JSON.stringify([{ fn: 'lower', args: [{ col: 'dept_no' }] }]), JSON.stringify([{ fn: 'lower', args: [{ col: 'dept_name' }] }])]));
    expect(folded('dept_manager')).toEqual([]);
    expect(validateBlueprint(document)).toEqual([]);
    expect(() => compileBlueprint(document)).not.toThrow();
  });

  it("reads a MySQL 8 dump's CHECK, whose strings carry a charset introducer (_utf8mb4'draft')", async () => {
    const { document, skipped } = await importText('MYSQL_DDL', `CREATE TABLE \`invoices\` (\`id\` int NOT NULL, \`status\` varchar(16) NOT NULL DEFAULT 'draft', PRIMARY KEY (\`id\`),
  CONSTRAINT \`chk_invoices_status\` CHECK ((\`status\` in (_utf8mb4'draft',_utf8mb4'open',_utf8mb4'paid',_utf8mb4'void')))) ENGINE=InnoDB;`);
    expect(skipped.filter((s) => s.kind === 'check')).toEqual([]);
    expect(field(document, 'invoices', 'status')).toMatchObject({ generator: 'weighted' });
    const values = (field(document, 'invoices', 'status').options!.values as { value: string }[]).map((v) => v.value);
    expect(values.sort()).toEqual(['draft', 'open', 'paid', 'void']);
  });

  it('names a skipped procedure by its own name', async () => {
    const { skipped } = await importText('MYSQL_DDL', `CREATE TABLE t (id INT PRIMARY KEY);
DELIMITER //
CREATE PROCEDURE rewards_report (IN min_purchases TINYINT UNSIGNED) BEGIN SELECT 1; END //
DELIMITER ;`);
    expect(skipped).toContainEqual(expect.objectContaining({ kind: 'function', name: 'rewards_report' }));
  });
});

describe('SQLite DDL', () => {
  it('never runs a query: CREATE TABLE AS SELECT, ATTACH and PRAGMA are skipped, not executed', async () => {
    const { document, skipped } = await importText('SQLITE_DDL', `
      CREATE TABLE t (id INTEGER PRIMARY KEY, email TEXT);
      ATTACH DATABASE '/tmp/seedbed-should-not-exist.db' AS other;
      CREATE TABLE forever AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
      PRAGMA journal_mode = WAL;`);
    expect(document.tables.map((t) => t.name)).toEqual(['t']);
    expect(skipped.map((s) => s.kind)).toEqual(expect.arrayContaining(['statement', 'table']));
    expect(require('node:fs').existsSync('/tmp/seedbed-should-not-exist.db')).toBe(false);
  });

  it("reads a bare decimal (Django's DecimalField in SQLite) as holding fractions, not as whole numbers", async () => {
    const { document } = await importText('SQLITE_DDL', 'CREATE TABLE "shop_product" ("id" integer NOT NULL PRIMARY KEY AUTOINCREMENT, "price" decimal NOT NULL, "total" numeric NOT NULL, "stock" decimal(6) NOT NULL);');
    expect(field(document, 'shop_product', 'price')).toMatchObject({ generator: 'commerce.price' });
    expect(field(document, 'shop_product', 'total').generator).not.toBe('number.int');
    expect(field(document, 'shop_product', 'stock').generator).toBe('number.int');
  });
});

describe('row counts', () => {
  it('gives a table no more rows than its unique enum can tell apart', async () => {
    const { document, report } = await importText('POSTGRES_DDL', `
      CREATE TYPE level AS ENUM ('low', 'mid', 'high');
      CREATE TABLE tier (id int PRIMARY KEY, level level NOT NULL UNIQUE);
      CREATE TABLE account (id int PRIMARY KEY, tier_id int NOT NULL REFERENCES tier(id), code text UNIQUE CHECK (code IN ('a', 'b')), note text);`);
    expect(document.tables.find((t) => t.name === 'tier')!.rows).toBe(3);
    expect(report.find((d) => d.path === 'tables[0].rows')!.reason).toMatch(/level is unique and has 3 values/);
  });

  it('gives each parent no more children than a composite key over the parent can tell apart, so the blueprint is valid', async () => {
    const { document, report } = await importText('POSTGRES_DDL', `
      CREATE TYPE scope AS ENUM ('read', 'write', 'admin');
      CREATE TABLE account (id int PRIMARY KEY);
      CREATE TABLE grant_row (id serial PRIMARY KEY, account_id int NOT NULL REFERENCES account(id), scope scope NOT NULL, UNIQUE (account_id, scope));
      CREATE TABLE membership (account_id int NOT NULL REFERENCES account(id), flag boolean NOT NULL, PRIMARY KEY (account_id, flag));`);
    expect(document.tables.find((t) => t.name === 'grant_row')!.rows).toMatchObject({ perParent: 'account', max: 3 });
    expect(document.tables.find((t) => t.name === 'membership')!.rows).toMatchObject({ perParent: 'account', max: 2 });
    expect(report.find((d) => d.path === 'tables[1].rows')!.reason).toMatch(/at most 3 per account row: its key \(account_id, scope\) has 3 values/);
    expect(validateBlueprint(document)).toEqual([]);
  });
});

describe('one-to-one references', () => {
  it('sizes a table with a unique required reference at most one row per parent, even beside other references', async () => {
    const { document } = await importText('POSTGRES_DDL', `
      CREATE TABLE users (id int PRIMARY KEY, email text);
      CREATE TABLE plans (id int PRIMARY KEY, name text);
      CREATE TABLE subscriptions (id int PRIMARY KEY, user_id int NOT NULL UNIQUE REFERENCES users(id), plan_id int NOT NULL REFERENCES plans(id));`);
    expect(document.tables.find((t) => t.name === 'subscriptions')!.rows).toEqual({ perParent: 'users', min: 0, max: 1 });
  });
});
