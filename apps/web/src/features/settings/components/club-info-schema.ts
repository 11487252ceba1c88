// The club form's schema, in a chunk of its own that the form loads on its first check
// (docs/decisions/0091-signed-in-javascript-budget.md).
export { ZClubUpdateSchema } from '@club/contract';
