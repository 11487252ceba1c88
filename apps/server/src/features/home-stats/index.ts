/** Public routes. */
export { default } from './home-stats.routes.ts';
