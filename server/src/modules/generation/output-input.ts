import { outputIssues, type Format, type OutputOptions } from '../../engine';
import { invalidInput } from '../../errors';

/** GraphQL's `OutputOptionsInput` as it arrives; declared here because modules do not import the GraphQL layer. */
export interface OutputOptionsRequest {
  delimiter?: string | null;
  header?: boolean | null;
  lineEnding?: 'LF' | 'CRLF' | null;
  nullMarker?: string | null;
  pretty?: boolean | null;
  escapeFormulas?: boolean | null;
}

/**
 * The GraphQL `OutputOptionsInput` as the engine's OutputOptions, checked for
 * the formats it will be written in, each problem at its path
 * (`input.output.delimiter`): what a run (or any API taking the input)
 * passes to `streamTable`, `ChunkEncoder.encode` and `tableFrame` alike, so
 * the bytes equal the rows API's and the command line's for the same options.
 */
export function outputOptionsOf(input: OutputOptionsRequest | null | undefined, formats: readonly Format[], path = 'input.output'): OutputOptions | undefined {
  if (!input) return undefined;
  const given: OutputOptions = {
    delimiter: input.delimiter ?? undefined,
    header: input.header ?? undefined,
    lineEnding: input.lineEnding ? (input.lineEnding.toLowerCase() as OutputOptions['lineEnding']) : undefined,
    nullMarker: input.nullMarker ?? undefined,
    pretty: input.pretty ?? undefined,
    escapeFormulas: input.escapeFormulas ?? undefined,
  };
  const options = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as OutputOptions;
  if (!Object.keys(options).length) return undefined;
  const issues = outputIssues(options, formats, path);
  if (issues.length) throw invalidInput(issues);
  return options;
}
