declare module 'randexp' {
  /** Minimal typing of randexp 0.6 (ships none). */
  export default class RandExp {
    constructor(pattern: RegExp | string, flags?: string);
    max: number;
    randInt: (from: number, to: number) => number;
    gen(): string;
  }
}
