import {
  CLUB_PERMISSIONS,
  SETTINGS_MESSAGES,
  mayEver,
  memberSubject,
  type TClub,
  type TCurrentMember,
} from '@club/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Reserved } from '../../../components/ui/reserved.tsx';
import { useClub } from '../api/club.ts';
import { useSectionSpy } from '../hooks/use-section-spy.ts';
import { AppearanceSection } from './appearance-section.tsx';
import { ClubInfoSection } from './club-info-section.tsx';
import { DangerZone } from './danger-zone.tsx';
import { SecuritySection } from './security-section.tsx';
import '../settings.css';

/** The three sections of spec §2, in page order. */
export const SETTINGS_SECTIONS = [
  { id: 'apparence', label: 'Apparence' },
  { id: 'informations-club', label: 'Informations du club' },
  { id: 'confidentialite-securite', label: 'Confidentialité et sécurité' },
] as const;
const SECTION_IDS = SETTINGS_SECTIONS.map((s) => s.id);

/** The club form's frame while the club loads: the same fields, so the same height. */
const placeholderClub = (member: TCurrentMember): TClub => ({
  id: 0,
  nom: member.nomClub,
  description: null,
  pays: null,
  ville: null,
  adresse: null,
  numeroTelephone: null,
  sportNom: null,
  logoUrl: null,
  moisDebutSaison: 9,
  ageMinimumMessagerie: 0,
  conservationMessagesSaisons: 2,
});

/**
 * The settings page (spec §2, §4, §6, §8): a sidebar (a horizontal bar on small screens) that
 * highlights the section in view and scrolls smoothly to a section; appearance, club information,
 * privacy and security, and the danger zone for the DIRIGEANT.
 */
export function SettingsPage({ member }: { member: TCurrentMember }) {
  const { active, scrollTo } = useSectionSpy(SECTION_IDS);
  const clubId = member.idClub || undefined;
  const club = useClub(clubId);
  const isManager = mayEver(CLUB_PERMISSIONS, memberSubject(member), 'update');

  return (
    <div className="settings-layout">
      <nav className="settings-sidebar" aria-label="Sections des paramètres">
        <ul>
          {SETTINGS_SECTIONS.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                aria-current={active === s.id ? 'true' : undefined}
                className={active === s.id ? 'is-active' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  scrollTo(s.id);
                }}
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-content">
        <section
          id="apparence"
          aria-labelledby="apparence-titre"
          tabIndex={-1}
          className="settings-section"
        >
          <h2 id="apparence-titre">Apparence</h2>
          <AppearanceSection />
        </section>
        <section
          id="informations-club"
          aria-labelledby="informations-club-titre"
          tabIndex={-1}
          className="settings-section"
        >
          <h2 id="informations-club-titre">Informations du club</h2>
          {!clubId ? (
            <Alert tone="error">{SETTINGS_MESSAGES.clubIdMissing}</Alert>
          ) : club.isPending ? (
            // The form's room is kept while it loads: the section under it does not move.
            <Reserved label="Chargement des informations du club...">
              <ClubInfoSection club={placeholderClub(member)} canEdit={isManager} />
            </Reserved>
          ) : club.isError ? (
            <LoadError
              message={SETTINGS_MESSAGES.clubLoadFailed}
              onRetry={() => club.refetch()}
              retrying={club.isFetching}
            />
          ) : (
            <ClubInfoSection key={club.data.id} club={club.data} canEdit={isManager} />
          )}
        </section>
        <section
          id="confidentialite-securite"
          aria-labelledby="confidentialite-securite-titre"
          tabIndex={-1}
          className="settings-section"
        >
          <h2 id="confidentialite-securite-titre">Confidentialité et sécurité</h2>
          <SecuritySection email={member.email} />
          {isManager ? (
            <DangerZone clubId={clubId} clubName={club.data?.nom ?? member.nomClub} />
          ) : null}
        </section>
      </div>
    </div>
  );
}
