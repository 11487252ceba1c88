import { PASSWORD_RULES } from '@club/contract';
import './password.css';
import { Check, X } from 'lucide-react';
import { Icon } from '../ui/icon.tsx';

/** Live checklist of the five password rules, in the spec's order. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul className="password-checklist" id={id} aria-label="Règles du mot de passe">
      {PASSWORD_RULES.map((r) => {
        const ok = r.test(password);
        return (
          <li key={r.rule} className={ok ? 'ok' : 'ko'}>
            <Icon as={ok ? Check : X} /> {r.label}
            <span className="visually-hidden">{ok ? ' : respectée' : ' : non respectée'}</span>
          </li>
        );
      })}
    </ul>
  );
}
