/** Public routes. */
export { default } from './registration.routes.ts';
