/** Public routes. */
export { default } from './contact.routes.ts';
