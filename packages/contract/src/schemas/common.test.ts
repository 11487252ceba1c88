import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../messages.ts';
import { optionalText, requiredText, safeString } from './common.ts';

const C0_BUT_LINE = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i))
  .filter((c) => !'\t\n\r'.includes(c))
  .concat('\u007f');
const withControl = (controls: string[]) =>
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...controls), fc.string({ maxLength: 20 }))
    .map(([a, c, b]) => a + c + b);

describe('[defects] safeString: the control-character rule of every input string', () => {
  it('refuses NUL, the other C0 controls and DEL anywhere, with the French message', () => {
    for (const schema of [safeString(), safeString({ trim: false })])
      fc.assert(
        fc.property(withControl(C0_BUT_LINE), (value) => {
          const result = schema.safeParse(value);
          expect(result.success).toBe(false);
          expect(result.error!.issues[0]!.message).toBe(SERVER_MESSAGES.controlCharacters);
        }),
      );
  });

  it('tab and line breaks are kept inside (a multi-line message) and trimmed at the ends', () => {
    expect(safeString().parse('\tBonjour,\r\n\tligne 2\n')).toBe('Bonjour,\r\n\tligne 2');
    expect(safeString({ trim: false }).parse('\tmot de passe\n')).toBe('\tmot de passe\n');
  });

  it('text without control characters is accepted as before (trimmed, bounded)', () => {
    fc.assert(
      fc.property(
        // eslint-disable-next-line no-control-regex -- text without control characters
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/[\u0000-\u001f\u007f]/.test(s)),
        (value) => {
          expect(safeString({ trim: false }).parse(value)).toBe(value);
          expect(safeString().parse(value)).toBe(value.trim());
        },
      ),
    );
    expect(requiredText(10).safeParse('  ').error?.issues[0]?.message).toBe(
      SERVER_MESSAGES.required,
    );
    expect(requiredText(3).safeParse('abcd').error?.issues[0]?.message).toBe(
      SERVER_MESSAGES.tooLong(3),
    );
    expect(optionalText(10).parse('')).toBeNull();
    expect(optionalText(10).safeParse('a\u0000').error?.issues[0]?.message).toBe(
      SERVER_MESSAGES.controlCharacters,
    );
  });
});
