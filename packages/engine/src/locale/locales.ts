import type { Faker, LocaleDefinition } from '@faker-js/faker';
import type { CellRng } from '../random/cell-rng';

/** Locales a blueprint may name; each falls back to `en`, then faker's `base`. */
export const SUPPORTED_LOCALES = [
  'en', 'en_US', 'en_GB', 'en_AU', 'en_CA', 'de', 'de_AT', 'de_CH', 'fr', 'fr_CA', 'es', 'es_MX', 'it', 'nl',
  'pt_BR', 'pt_PT', 'sv', 'da', 'nb_NO', 'fi', 'pl', 'cs_CZ', 'ru', 'uk', 'tr', 'ja', 'ko', 'zh_CN',
] as const;

export const DEFAULT_LOCALE = 'en';

export function isSupportedLocale(id: string): boolean {
  return (SUPPORTED_LOCALES as readonly string[]).includes(id);
}

/**
 * Faker's randomizer contract, fed from whichever cell is being generated.
 * Generators point `rng` at the cell's CellRng before calling faker, so a
 * faker method's output is a pure function of the cell (no `faker.seed()`).
 */
export class CellRandomizer {
  rng!: CellRng;
  // Arrow properties: faker calls these detached from the object.
  next = (): number => this.rng.float53();
  seed = (): void => {
    // Seeding is per cell, through `rng`; faker's global seed is never used.
  };
}

/** A locale's definitions (with fallbacks) and a faker bound to a cell randomizer. */
export class LocaleData {
  readonly chain: LocaleDefinition[];
  readonly randomizer = new CellRandomizer();
  readonly faker: Faker;
  private readonly lists = new Map<string, readonly string[]>();

  constructor(readonly id: string) {
    // Load only this locale's entry point (~35 ms) rather than faker's index of
    // every locale (~140 ms): CLI runs and each worker thread pay this at start.
    // Its `rawDefinitions` already merge the locale with its fallbacks.
    // `en` by a literal name, so a bundler can take it in (the CLI's bundle holds it: most blueprints use it).
    const prebuilt = (id === 'en' ? require('@faker-js/faker/locale/en') : require(`@faker-js/faker/locale/${id}`)).faker as Faker;
    this.chain = [prebuilt.rawDefinitions];
    const FakerClass = prebuilt.constructor as typeof Faker;
    this.faker = new FakerClass({ locale: prebuilt.rawDefinitions, randomizer: this.randomizer });
  }

  /** The first definition at `module.key[.sub]` along the fallback chain. */
  lookup(path: string): unknown {
    const parts = path.split('.');
    for (const def of this.chain) {
      let node: unknown = def;
      for (const part of parts) node = node == null ? undefined : (node as Record<string, unknown>)[part];
      if (node != null) return node;
    }
    return undefined;
  }

  /** Definition values as one de-duplicated string list (nested groups flattened, weights dropped). */
  list(path: string): readonly string[] {
    let cached = this.lists.get(path);
    if (!cached) {
      cached = [...new Set(flattenStrings(this.lookup(path)))];
      this.lists.set(path, cached);
    }
    return cached;
  }
}

function flattenStrings(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(flattenStrings);
  if (node && typeof node === 'object') {
    if ('value' in node && 'weight' in node) return flattenStrings((node as { value: unknown }).value);
    return Object.values(node).flatMap(flattenStrings);
  }
  return [];
}

const cache = new Map<string, LocaleData>();

export function localeData(id: string = DEFAULT_LOCALE): LocaleData {
  let data = cache.get(id);
  if (!data) {
    data = new LocaleData(isSupportedLocale(id) ? id : DEFAULT_LOCALE);
    cache.set(id, data);
  }
  return data;
}
