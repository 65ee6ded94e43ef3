import type { GeneratorDef } from './types';
import { compilePatternList } from '../locale/patterns';
import { fakerGenerator, listGenerator } from './helpers';

export const companyGenerators: GeneratorDef[] = [
  {
    id: 'company.name',
    category: 'company',
    description: 'Company name from the locale patterns',
    output: 'string',
    create: (_o, ctx) => compilePatternList(ctx.locale, 'company.name_pattern'),
  },
  fakerGenerator('company.catchPhrase', 'Marketing catch phrase'),
  fakerGenerator('company.buzzPhrase', 'Business buzz phrase'),
  listGenerator('company.buzzNoun', 'Buzzword noun', 'company.buzz_noun'),
  listGenerator('company.buzzVerb', 'Buzzword verb', 'company.buzz_verb'),
  listGenerator('company.buzzAdjective', 'Buzzword adjective', 'company.buzz_adjective'),
  listGenerator('company.catchPhraseAdjective', 'Catch phrase adjective', 'company.adjective'),
  listGenerator('company.catchPhraseDescriptor', 'Catch phrase descriptor', 'company.descriptor'),
  listGenerator('company.catchPhraseNoun', 'Catch phrase noun', 'company.noun'),
  listGenerator('company.legalEntityType', 'Legal entity type such as LLC', 'company.legal_entity_type'),
];
