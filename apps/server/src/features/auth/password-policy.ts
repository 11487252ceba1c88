import {
  AUTH_MESSAGES,
  isStrongPassword,
  PASSWORD_MAX_LENGTH,
  REGISTRATION_MESSAGES,
} from '@club/contract';
import { badRequest } from '../../lib/http-error.ts';

/**
 * Server-side password policy (docs/architecture.md §6): the spec's five rules, at most 128
 * characters, not the member's own e-mail, not a very common password.
 *
 * "Very common" is a small bundled list (COMMON_PASSWORDS, 134 entries of the most used passwords
 * and French/English base words). A candidate is refused when, lower-cased, it is on the list, or
 * when stripping digits and punctuation from both ends leaves a listed word ('Password2024!',
 * 'Azerty123456!', 'Football!!2025' are refused; 'Motdepasse-Solide-42' is not).
 */
const COMMON_PASSWORDS = new Set([
  '123456',
  '123456789',
  '12345678',
  'password',
  'qwerty',
  'qwerty123',
  'azerty',
  'azertyuiop',
  'azerty123',
  '111111',
  '123123',
  'abc123',
  'password1',
  'iloveyou',
  'admin',
  'administrator',
  'welcome',
  'bienvenue',
  'motdepasse',
  'mot de passe',
  'mdp',
  'monmotdepasse',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'pa$$word',
  'letmein',
  'monkey',
  'dragon',
  'master',
  'sunshine',
  'princess',
  'football',
  'basketball',
  'handball',
  'rugby',
  'soccer',
  'baseball',
  'hockey',
  'tennis',
  'superman',
  'batman',
  'starwars',
  'pokemon',
  'shadow',
  'michael',
  'jordan',
  'charlie',
  'freedom',
  'whatever',
  'trustno1',
  'login',
  'access',
  'secret',
  'changeme',
  'default',
  'test',
  'testtest',
  'qazwsx',
  'zaq12wsx',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'soleil',
  'doudou',
  'chouchou',
  'loulou',
  'marseille',
  'paris',
  'nantes',
  'lyon',
  'toulouse',
  'bordeaux',
  'lille',
  'olympique',
  'psg',
  'allezlom',
  'france',
  'nicolas',
  'camille',
  'thomas',
  'julien',
  'jetaime',
  'amour',
  'bonjour',
  'coucou',
  'chocolat',
  'nounours',
  'chat',
  'chien',
  'juventus',
  'liverpool',
  'arsenal',
  'chelsea',
  'barcelona',
  'realmadrid',
  'manchester',
  'club',
  'monclub',
  'equipe',
  'sport',
  'clubsportif',
  'dirigeant',
  'entraineur',
  'joueur',
  'president',
  'summer',
  'winter',
  'spring',
  'autumn',
  'hello',
  'helloworld',
  'computer',
  'internet',
  'google',
  'facebook',
  'samsung',
  'apple',
  'microsoft',
  'linkedin',
  'twitter',
  'instagram',
  'qwerty1234',
  'azerty1234',
  'password123',
  'motdepasse123',
  'admin123',
  'root',
  'toor',
  'user',
  'guest',
]);

export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length > 0 && COMMON_PASSWORDS.has(core);
}

/** Throws a French 400 (with errors[field]) when the new password breaks a rule. */
export function assertAcceptablePassword(
  password: string,
  email: string,
  field = 'newPassword',
): void {
  let message: string | null = null;
  if (password.length > PASSWORD_MAX_LENGTH) message = AUTH_MESSAGES.passwordTooLong;
  else if (!isStrongPassword(password)) message = REGISTRATION_MESSAGES.passwordRule;
  else if (password.trim().toLowerCase() === email.trim().toLowerCase())
    message = AUTH_MESSAGES.passwordIsEmail;
  else if (isCommonPassword(password)) message = AUTH_MESSAGES.passwordTooCommon;
  if (message) throw badRequest(message, { [field]: message });
}
