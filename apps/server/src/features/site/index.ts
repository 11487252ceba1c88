/** Public routes. */
export { default } from './site.routes.ts';
