/** Kept for the routes that answer an error without throwing (metrics): the same body as the error handler's. */
export { sendAppError } from './error-handler';
