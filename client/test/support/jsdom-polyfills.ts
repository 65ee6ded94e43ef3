/**
 * What jsdom lacks and react-router needs at import time. Import this first
 * in a jsdom test file that renders routes (jest.config.js is shared with the
 * server tests, so it has no client-only setup file).
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder, TextDecoder: globalThis.TextDecoder ?? TextDecoder });
