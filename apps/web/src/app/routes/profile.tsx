import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PROFILE_MESSAGES, type TMemberUpdate } from '@club/contract';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { clubPath, useCurrentMember } from '../../lib/session.ts';
import { HttpError, errorMessage } from '../../lib/http.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { useProfile, useSaveProfile } from '../../features/profile/api/profile.ts';
import { ProfileForm } from '../../features/profile/components/profile-form.tsx';
import {
  useCalendarSubscription,
  useRevokeCalendar,
  useSubscribeCalendar,
} from '../../features/profile/api/calendar-feed.ts';
import { CalendarFeed } from '../../features/profile/components/calendar-feed.tsx';
import { NotificationPreferences } from '../../features/notifications/components/notification-preferences.tsx';
import { useNotificationPreferences } from '../../features/notifications/api/notifications.ts';
import { DataRights } from '../../features/profile/components/data-rights.tsx';
import { FamilyFeesSlot } from '../../features/fees/components/family-fees-slot.tsx';

/** /profil: the signed-in member's own profile, whatever the club (link of the unsubscribe page). */
export function ProfileShortcut() {
  const { data: me } = useCurrentMember();
  return me ? <Navigate to={clubPath(me.nomClub, 'profil')} replace /> : null;
}

/** /{nomClub}/profil — 'Mon Profil' (spec §2, §5, §8). Cancel goes back in history. */
export default function ProfilePage() {
  useDocumentTitle('Mon Profil');
  const navigate = useNavigate();
  const { data: me } = useCurrentMember();
  const profile = useProfile(me?.id);
  const save = useSaveProfile(me?.id);
  const calendarSubscription = useCalendarSubscription();
  const subscribeCalendar = useSubscribeCalendar();
  const revokeCalendar = useRevokeCalendar();
  // The notifications section's own request (the same query), waited for below.
  const preferences = useNotificationPreferences();
  // The sections under the heading come together, once the profile, the calendar feed and the
  // notification preferences have all answered (or failed once: each section then shows its own
  // state): drawn one by one, each pushed the next ones down as its data arrived (layout shifts,
  // docs/decisions/0092-signed-in-app-shell.md). Once shown they stay (a query read again after
  // an error is pending again).
  const answered = [profile, calendarSubscription, preferences].every(
    (q) => !q.isPending || q.failureCount > 0,
  );
  const [sectionsShown, setSectionsShown] = useState(false);
  if (answered && !sectionsShown) setSectionsShown(true);

  if (!me) return null;
  const onSubmit = (body: TMemberUpdate) => save.mutate(body);

  return (
    <main id="contenu" className="container page narrow">
      <h1>Mon Profil</h1>
      {save.isSuccess ? <Alert tone="success">{PROFILE_MESSAGES.success}</Alert> : null}
      {save.isError ? (
        <Alert tone="error">
          {PROFILE_MESSAGES.saveFailed}
          {save.error instanceof HttpError && save.error.status === 409 && save.error.serverMessage
            ? ` ${save.error.serverMessage}`
            : ''}
        </Alert>
      ) : null}
      {!sectionsShown ? (
        <Loading label="Chargement du profil..." />
      ) : (
        <>
          {profile.isPending ? (
            <Loading label="Chargement du profil..." />
          ) : profile.isError ? (
            <LoadError
              message={PROFILE_MESSAGES.loadFailed}
              onRetry={() => profile.refetch()}
              retrying={profile.isFetching}
            />
          ) : (
            <ProfileForm
              key={profile.dataUpdatedAt}
              member={profile.data}
              submitting={save.isPending}
              serverErrors={save.error instanceof HttpError ? save.error.fieldErrors : undefined}
              onSubmit={onSubmit}
              onCancel={() => navigate(-1)}
              // The last save's message goes as soon as the form changes or is sent again.
              onEdit={() => {
                if (!save.isPending && !save.isIdle) save.reset();
              }}
            />
          )}
          <CalendarFeed
            teams={me.equipes}
            subscription={calendarSubscription.data?.abonnement}
            url={revokeCalendar.isSuccess ? null : (subscribeCalendar.data?.url ?? null)}
            pending={subscribeCalendar.isPending || revokeCalendar.isPending}
            error={
              subscribeCalendar.isError
                ? errorMessage(
                    subscribeCalendar.error,
                    'Impossible d’obtenir l’adresse du calendrier.',
                  )
                : revokeCalendar.isError
                  ? errorMessage(revokeCalendar.error, 'Impossible de révoquer l’adresse.')
                  : null
            }
            notice={revokeCalendar.isSuccess ? (revokeCalendar.data?.message ?? null) : null}
            onSubscribe={(body) => {
              revokeCalendar.reset();
              subscribeCalendar.mutate(body);
            }}
            onRevoke={() => {
              subscribeCalendar.reset();
              revokeCalendar.mutate();
            }}
          />
          <NotificationPreferences />
          <FamilyFeesSlot framed={false} />
          <DataRights />
        </>
      )}
    </main>
  );
}
