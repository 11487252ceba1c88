import { Link } from 'react-router';
import { useSiteInfo } from '../hooks/use-site-info.ts';

/** The editor's details (spec §2 contact page: an e-mail, a phone number, the city), from configuration. */
export function EditorDetails({ showName = true }: { showName?: boolean }) {
  const site = useSiteInfo();
  if (site.status === 'error')
    return (
      <p>
        Coordonnées momentanément indisponibles : écrivez-nous grâce au{' '}
        <Link to="/contact">formulaire de contact</Link>.
      </p>
    );
  const e = site.data?.editor;
  const pending = '…';
  return (
    <dl className="contact-details" aria-busy={site.status === 'loading'}>
      {showName ? (
        <>
          <dt>Éditeur</dt>
          <dd>{e ? e.name : pending}</dd>
        </>
      ) : null}
      <dt>E-mail</dt>
      <dd>{e ? <a href={`mailto:${e.email}`}>{e.email}</a> : pending}</dd>
      <dt>Téléphone</dt>
      <dd>{e ? <a href={`tel:${e.phone.replace(/[^\d+]/g, '')}`}>{e.phone}</a> : pending}</dd>
      <dt>Ville</dt>
      <dd>{e ? e.city : pending}</dd>
    </dl>
  );
}

/** The editor's name inline, or a neutral wording until it is known. */
export function EditorName({ fallback = 'l’éditeur du site' }: { fallback?: string }) {
  const site = useSiteInfo();
  return <>{site.data?.editor.name ?? fallback}</>;
}
