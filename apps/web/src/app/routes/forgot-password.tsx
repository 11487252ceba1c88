import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import {
  ResetPasswordForm,
  ResetRequestForm,
} from '../../features/auth/components/reset-password-form.tsx';

/**
 * /mdpOublie: the request form, or with ?token= the spec's reset form (docs/architecture.md §6).
 */
export default function ForgotPasswordPage() {
  useDocumentTitle('Mot de passe oublié');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <main id="contenu" className="container page">
      {token ? <ResetPasswordForm token={token} /> : <ResetRequestForm />}
    </main>
  );
}
