import { PUBLIC_PAGES } from '../public-pages.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { EditorDetails } from '../../features/public-site/components/editor-details.tsx';

/** Contact page of spec §2: the form, its honeypot and captcha, and the editor's details. */
export default function ContactPage() {
  usePageMeta(PUBLIC_PAGES.contact);
  return (
    <main id="contenu" className="container page">
      <h1>Contact</h1>
      <p className="section-lead">
        Une question sur Club Manager, une suggestion ou un problème ? Écrivez-nous : nous vous
        répondons par e-mail.
      </p>
      <div className="contact-layout">
        <ContactForm />
        <aside className="card" aria-labelledby="editor-title">
          <h2 id="editor-title">Coordonnées</h2>
          <EditorDetails showName={false} />
        </aside>
      </div>
    </main>
  );
}
