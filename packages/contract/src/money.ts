/**
 * Amounts of money: whole cents in the API and the database, euros on screen and in files
 * (docs/decisions/0135-membership-fees.md). One formatter for every place that shows an amount,
 * built on Intl fr-FR so that it writes what French readers expect: « 1 500,00 € » with a narrow
 * no-break space (U+202F) between thousands and a no-break space (U+00A0) before the sign, so
 * that neither the number nor « € » is ever cut at the end of a line. Zod-free: screens import it
 * (docs/decisions/0091-signed-in-javascript-budget.md).
 */

/** The largest amount the fees accept, in cents (100 000,00 €): a bound, not a business rule. */
export const MONEY_MAX_CENTS = 10_000_000;

const TEXT = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const SPREADSHEET = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/**
 * An amount in cents as French readers write it.
 * - 'texte' (screens, PDF, mails): « 1 500,00 € » (U+202F between thousands, U+00A0 before €);
 * - 'tableur' (the accountant's CSV): « 1500,00 », a decimal comma and nothing else, so that a
 *   French spreadsheet reads a number it can add up (the column's header names the euro).
 */
export function formatEuros(cents: number, form: 'texte' | 'tableur' = 'texte'): string {
  const euros = cents / 100;
  return form === 'tableur' ? SPREADSHEET.format(euros) : TEXT.format(euros);
}

/**
 * What a treasurer types, in cents: « 150 », « 150,5 », « 150.50 », « 1 500,00 € ». Null when it
 * is not an amount of euros with at most two decimals.
 */
export function parseEuros(text: string): number | null {
  const v = text
    .replace(/[\s\u00a0\u202f€]/g, '')
    .replace(/EUR$/i, '')
    .replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(v)) return null;
  const [whole, decimals = ''] = v.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}
