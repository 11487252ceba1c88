export { getSiteInfo } from '../../../lib/entry-calls.ts';
