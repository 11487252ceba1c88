import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CardList } from '../../components/ui/card-list.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { DateInput } from '../../components/ui/date-input.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Menu } from '../../components/ui/menu.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { StatusPill } from '../../components/ui/status-pill.tsx';
import { Table } from '../../components/ui/table.tsx';
import { TimeInput } from '../../components/ui/time-input.tsx';
import { ToastProvider, useToast } from '../../components/ui/toast.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const THEMES = [
  { id: 'light', label: 'Clair' },
  { id: 'dark', label: 'Sombre' },
  { id: 'daltonien', label: 'Daltonien' },
] as const;

const SWATCHES = [
  '--color-bg',
  '--color-surface',
  '--color-text',
  '--color-primary',
  '--color-success',
  '--color-warning',
  '--color-danger',
  '--color-info',
];

function ToastDemo() {
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      onClick={() =>
        toast({
          message: 'Jade Martin supprimé(e).',
          action: {
            label: 'Annuler',
            onAction: () => toast({ message: 'Suppression annulée.', tone: 'info' }),
          },
        })
      }
    >
      Afficher un toast
    </Button>
  );
}

function ThemeColumn({ theme, label }: { theme: string; label: string }) {
  const [date, setDate] = useState('2026-03-12');
  const [time, setTime] = useState('18:30');
  const [confirm, setConfirm] = useState(false);
  return (
    <section className="ds-theme" data-theme={theme} aria-labelledby={`ds-${theme}`}>
      <ToastProvider>
        <h2 id={`ds-${theme}`}>Thème {label}</h2>

        <section aria-label={`Couleurs et typographie, thème ${label}`}>
          <h3>Jetons</h3>
          <div className="ds-row">
            {SWATCHES.map((s) => (
              <span key={s} className="ds-swatch" title={s} style={{ background: `var(${s})` }} />
            ))}
          </div>
          <p style={{ fontSize: 'var(--text-2xl)', margin: 0 }}>Titre 2xl</p>
          <p style={{ fontSize: 'var(--text-lg)', margin: 0 }}>Texte lg</p>
          <p style={{ fontSize: 'var(--text-sm)', margin: 0 }} className="muted">
            Texte secondaire sm
          </p>
        </section>

        <section aria-label={`Boutons, thème ${label}`}>
          <h3>Boutons</h3>
          <div className="ds-row">
            <Button>Enregistrer</Button>
            <Button variant="secondary">Annuler</Button>
            <Button variant="ghost">Effacer</Button>
            <Button variant="danger">Supprimer</Button>
            <Button size="sm" disabled>
              Désactivé
            </Button>
          </div>
        </section>

        <section aria-label={`Champs, thème ${label}`}>
          <h3>Champs</h3>
          <Field label="Nom" hint="Comme sur la licence">
            <input defaultValue="Martin" />
          </Field>
          <Field label="Rôle">
            <Select
              placeholder="— Choisir —"
              defaultValue="JOUEUR"
              options={[
                { value: 'JOUEUR', label: 'Joueur' },
                { value: 'ENTRAINEUR', label: 'Entraîneur' },
              ]}
            />
          </Field>
          <Field label="Date de naissance">
            <DateInput value={date} onChange={setDate} />
          </Field>
          <Field label="Heure du rendez-vous">
            <TimeInput value={time} onChange={setTime} />
          </Field>
          <Field label="Email" error="L'email est incorrect.">
            <input defaultValue="jade@" />
          </Field>
        </section>

        <section aria-label={`Badges et avatars, thème ${label}`}>
          <h3>Badges et avatars</h3>
          <div className="ds-row">
            <StatusPill statut="Actif" />
            <StatusPill statut="Blessé" />
            <StatusPill statut="Suspendu" />
            <Badge tone="info">Match</Badge>
            <Avatar name="Jade Martin" />
            <Avatar name="AS Démo Nantes" size={32} />
          </div>
          <Alert tone="success">Modifications enregistrées.</Alert>
        </section>

        <section aria-label={`Listes, thème ${label}`}>
          <h3>Tableau, liste de cartes, menu</h3>
          <Table
            label={`Exemple de tableau, thème ${label}`}
            headers={['Nom', 'Rôle', 'Statut', { label: 'Actions', hidden: true }]}
          >
            <tr>
              <th scope="row">Martin Jade</th>
              <td>Dirigeant</td>
              <td>
                <StatusPill statut="Actif" />
              </td>
              <td>
                <Menu
                  label={`Actions pour Jade Martin (${label})`}
                  items={[
                    { label: 'Modifier', onSelect: () => undefined },
                    { label: 'Supprimer', onSelect: () => setConfirm(true), danger: true },
                  ]}
                />
              </td>
            </tr>
          </Table>
          <CardList
            label={`Exemple de cartes, thème ${label}`}
            items={[
              {
                key: 1,
                leading: <Avatar name="Raphaël Richard" />,
                title: 'Raphaël Richard',
                subtitle: 'Joueur · Seniors A',
                badges: <StatusPill statut="Blessé" />,
                facts: [{ label: 'Téléphone', value: '06 12 34 56 78' }],
              },
            ]}
          />
        </section>

        <section aria-label={`Retours, thème ${label}`}>
          <h3>Dialogue, toast, vide, chargement</h3>
          <div className="ds-row">
            <Button variant="secondary" onClick={() => setConfirm(true)}>
              Ouvrir une confirmation
            </Button>
            <ToastDemo />
          </div>
          <EmptyState
            title="Aucune équipe trouvée pour ce club."
            action={<Button>Ajoutez votre première équipe</Button>}
          >
            Créez une équipe pour y inscrire des joueurs.
          </EmptyState>
          <Skeleton rows={2} label={`Chargement de l'exemple (${label})...`} />
        </section>

        {confirm ? (
          <ConfirmDialog
            title="Supprimer un membre"
            confirmLabel="Supprimer Jade Martin"
            onConfirm={() => setConfirm(false)}
            onCancel={() => setConfirm(false)}
          >
            <p>Voulez-vous vraiment supprimer ce membre ?</p>
          </ConfirmDialog>
        ) : null}
      </ToastProvider>
    </section>
  );
}

/**
 * /systeme-de-design — every component of components/ui in the three themes side by side
 * (decision 0031). Public, without data; its code loads only on this route.
 */
export default function DesignSystemPage() {
  useDocumentTitle('Système de design');
  return (
    <main id="contenu" className="container page">
      <h1>Système de design</h1>
      <p className="muted">
        Les composants de l’application (apps/web/src/components/ui) dans les trois thèmes.
      </p>
      <div className="ds-themes">
        {THEMES.map((t) => (
          <ThemeColumn key={t.id} theme={t.id} label={t.label} />
        ))}
      </div>
    </main>
  );
}
