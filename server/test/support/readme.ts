/** The README's examples, as tests read them: its shell commands, the GraphQL operations they (or its prose) send, its JSON documents. */
import fs from 'node:fs';
import path from 'node:path';

export const README_PATH = path.join(__dirname, '../../../README.md');

function fencedBlocks(language: string): string[] {
  const readme = fs.readFileSync(README_PATH, 'utf8');
  const fence = new RegExp('^```' + language + '\\n([\\s\\S]*?)^```$', 'gm');
  return [...readme.matchAll(fence)].map((match) => match[1]);
}

/** Each command of the README's `sh` blocks: continuation lines joined, blank lines left out, comments kept. */
export function readmeShellCommands(): string[] {
  return fencedBlocks('sh').flatMap((block) =>
    block
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .filter((line) => line.trim() !== ''),
  );
}

/** The GraphQL operations the README shows: `"query"` bodies of its curl commands and its `graphql` blocks. */
export function readmeGraphQLOperations(): string[] {
  const fromCurl = readmeShellCommands().flatMap((command) => {
    const body = /-d '(\{.*?\})'/.exec(command)?.[1];
    if (!body) return [];
    const query = (JSON.parse(body) as { query?: unknown }).query;
    return typeof query === 'string' ? [query] : [];
  });
  return [...fromCurl, ...readmeGraphQLBlocks()];
}

/** The README's `graphql` blocks: operations its prose shows. */
export function readmeGraphQLBlocks(): string[] {
  return fencedBlocks('graphql');
}

/** The first `json` block after the README first mentions `marker` (such as the `shop.json` its commands read). */
export function readmeJsonAfter(marker: string): unknown {
  const readme = fs.readFileSync(README_PATH, 'utf8');
  const at = readme.indexOf(marker);
  const block = at < 0 ? null : /^```json\n([\s\S]*?)^```$/m.exec(readme.slice(at));
  if (!block) throw new Error(`README.md shows no JSON block after "${marker}"`);
  return JSON.parse(block[1]);
}
