/**
 * `mysqldump` output cut into statements, as the mysql client cuts it:
 * quotes ('', "", ``), comments (`-- `, `#`, `/* *\/`), `DELIMITER` lines,
 * and version comments `/*!40101 ... *\/` whose content MySQL runs. Each
 * statement comes in two readings: with version comments' content (what it
 * is: a view, a trigger) and without (its plain SQL, for the parser).
 */

export interface MysqlStatement {
  /** The statement with version comments' content inlined. */
  full: string;
  /** The statement without any comment. */
  plain: string;
  /** 1-based line where it starts. */
  line: number;
}

const DELIMITER_LINE = /^\s*delimiter\s+(\S+)/i;

export function splitMysql(text: string): MysqlStatement[] {
  const statements: MysqlStatement[] = [];
  let delimiter = ';';
  let full = '';
  let plain = '';
  let line = 1;
  let startLine = 0;
  let i = 0;
  const atStatementStart = () => full.trim() === '';
  const push = () => {
    if (full.trim()) statements.push({ full: full.trim(), plain: plain.trim(), line: startLine || line });
    full = '';
    plain = '';
    startLine = 0;
  };
  const take = (chunk: string, inPlain = true) => {
    if (!startLine && chunk.trim()) startLine = line;
    full += chunk;
    if (inPlain) plain += chunk;
    for (const c of chunk) if (c === '\n') line++;
  };

  while (i < text.length) {
    if (atStatementStart() && (i === 0 || text[i - 1] === '\n')) {
      const end = text.indexOf('\n', i);
      const current = text.slice(i, end < 0 ? text.length : end);
      const directive = DELIMITER_LINE.exec(current);
      if (directive) {
        delimiter = directive[1];
        line++;
        i = end < 0 ? text.length : end + 1;
        continue;
      }
    }
    const c = text[i];
    if (text.startsWith(delimiter, i)) {
      push();
      i += delimiter.length;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      const end = quotedEnd(text, i);
      take(text.slice(i, end));
      i = end;
      continue;
    }
    if ((c === '-' && text.startsWith('-- ', i)) || (c === '-' && /^--[\t\r\n]/.test(text.slice(i, i + 3))) || c === '#') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      continue;
    }
    if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      const body = text.slice(i + 2, close < 0 ? text.length : close);
      if (body.startsWith('!')) {
        // `/*!50003 CREATE*/`: the version number, then what MySQL runs.
        const content = body.slice(1).replace(/^\d{5,6}/, '');
        // The delimiter may sit inside (`... */;;`): only the text after the comment can end the statement.
        take(` ${content.replace(/\n/g, ' ')} `, false);
        plain += ' ';
      } else {
        take(' ');
      }
      for (const ch of body) if (ch === '\n') line++;
      i = end;
      continue;
    }
    take(c);
    i++;
  }
  push();
  return statements;
}

/** Index just past a quoted string or identifier starting at `start`: doubled quotes and, in strings, backslashes escape. */
function quotedEnd(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && quote !== '`') {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (text[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i++;
  }
  return text.length;
}
