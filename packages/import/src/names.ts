/**
 * `@seedbed/import/names`: how the importer reads a column's name (its words,
 * singular forms, and the generator and bounds a name suggests). The web
 * editor picks a new field's defaults with the same rules, so a typed
 * blueprint and an imported one agree. Safe in a browser.
 */
export { matchName, PERSON_TABLES, type NameContext, type NameMatch } from './infer/name-rules';
export { nameTokens, singular, tableTokens } from './infer/name-tokens';
