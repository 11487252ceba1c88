import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import {
  ConvocationAnswer,
  presenceParam,
} from '../../features/matches/components/convocation-answer.tsx';

/**
 * /convocation/reponse?jeton=…&presence=… — answer from a convocation e-mail, no sign-in
 * (decision 0026).
 */
export default function ConvocationAnswerPage() {
  useDocumentTitle('Réponse à la convocation');
  const [params] = useSearchParams();
  return (
    <main id="contenu" className="container page">
      <ConvocationAnswer
        jeton={params.get('jeton')?.trim() ?? ''}
        presence={presenceParam(params.get('presence'))}
      />
    </main>
  );
}
