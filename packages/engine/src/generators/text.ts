import type { GeneratorDef } from './types';
import { fakerGenerator, listGenerator, opt } from './helpers';

const LONG_TEXT = { mysql: 'TEXT' } as const;
const count = (max: number) => opt.int({ minimum: 1, maximum: max });

export const textGenerators: GeneratorDef[] = [
  listGenerator('lorem.word', 'Lorem ipsum word', 'lorem.word'),
  fakerGenerator('lorem.words', '`count` lorem words', { options: { count: count(100) }, args: (o) => [o.count ?? 3] }),
  fakerGenerator('lorem.sentence', 'Lorem sentence of `wordCount` words', { options: { wordCount: count(100) }, args: (o) => (o.wordCount ? [o.wordCount] : []) }),
  fakerGenerator('lorem.sentences', '`count` lorem sentences', { options: { count: count(50) }, args: (o) => [o.count ?? 3], sqlType: LONG_TEXT }),
  fakerGenerator('lorem.paragraph', 'Lorem paragraph', { options: { sentenceCount: count(50) }, args: (o) => [o.sentenceCount ?? 3], sqlType: LONG_TEXT }),
  fakerGenerator('lorem.paragraphs', '`count` lorem paragraphs', { options: { count: count(20) }, args: (o) => [o.count ?? 3], sqlType: LONG_TEXT }),
  fakerGenerator('lorem.text', 'Lorem text of varying length', { sqlType: LONG_TEXT }),
  fakerGenerator('lorem.lines', '`count` lorem lines', { options: { count: count(50) }, args: (o) => [o.count ?? 3], sqlType: LONG_TEXT }),
  fakerGenerator('lorem.slug', 'Slug of `count` lorem words', { options: { count: count(20) }, args: (o) => [o.count ?? 3], plainText: true }),
  listGenerator('word.adjective', 'English adjective', 'word.adjective'),
  listGenerator('word.adverb', 'English adverb', 'word.adverb'),
  listGenerator('word.conjunction', 'English conjunction', 'word.conjunction'),
  listGenerator('word.interjection', 'English interjection', 'word.interjection'),
  listGenerator('word.noun', 'English noun', 'word.noun'),
  listGenerator('word.preposition', 'English preposition', 'word.preposition'),
  listGenerator('word.verb', 'English verb', 'word.verb'),
  fakerGenerator('word.sample', 'Any English word'),
  fakerGenerator('word.words', '`count` English words', { options: { count: count(50) }, args: (o) => [o.count ?? 3] }),
  fakerGenerator('hacker.abbreviation', 'Tech abbreviation', { plainText: true }),
  listGenerator('hacker.adjective', 'Tech adjective', 'hacker.adjective'),
  listGenerator('hacker.ingverb', 'Tech -ing verb', 'hacker.ingverb'),
  listGenerator('hacker.noun', 'Tech noun', 'hacker.noun'),
  listGenerator('hacker.verb', 'Tech verb', 'hacker.verb'),
  fakerGenerator('hacker.phrase', 'Tech phrase'),
];
