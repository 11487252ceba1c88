import type { TActivateInvitationBody, TRegistrationBody } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { deviceFingerprint } from '../../../lib/device.ts';
import { storeAccountClubs } from '../account-clubs.ts';

/** The account calls of spec §7 and docs/architecture.md, one function per endpoint. */
export async function login(email: string, password: string) {
  const info = await api.auth.login({
    body: { email, password, deviceFingerprint: deviceFingerprint() },
  });
  storeAccountClubs(info.clubs);
  return info;
}

/** POST /auth/club: the session moves to another club of the account (decision 0112). */
export async function switchClub(idClub: number) {
  const info = await api.auth.switchClub({ body: { idClub } });
  storeAccountClubs(info.clubs);
  return info;
}

export function logout() {
  return api.auth.logout({ body: {} });
}

export function registerClub(body: TRegistrationBody) {
  return api.publicSite.register({ body });
}

export async function emailExists(email: string): Promise<boolean> {
  return (await api.publicSite.emailExists({ query: { email } })).exists;
}

export async function clubExists(nomClub: string): Promise<boolean> {
  return (await api.publicSite.clubExists({ query: { nomClub } })).exists;
}

export function requestPasswordReset(email: string) {
  return api.auth.forgotPassword({ body: { email } });
}

export function resetPassword(body: { email: string; newPassword: string; token: string }) {
  return api.auth.resetPassword({ body });
}

export function invitationInfo(token: string) {
  return api.auth.invitation({ params: { token } });
}

export function activateInvitation(body: TActivateInvitationBody) {
  return api.auth.activate({ body });
}
