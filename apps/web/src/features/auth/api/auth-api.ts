import type { TActivateInvitationBody, TRegistrationBody } from '@club/contract';
import { api } from '../../../lib/api.ts';
import { deviceFingerprint } from '../../../lib/device.ts';

/** The account calls of spec §7 and docs/architecture.md, one function per endpoint. */
export function login(email: string, password: string) {
  return api.auth.login({ body: { email, password, deviceFingerprint: deviceFingerprint() } });
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
