import type {
  TActivateInvitationBody,
  TInvitationInfo,
  TRegistrationBody,
  TSessionInfo,
} from '@club/contract';
import { http } from '../../../lib/http.ts';
import { deviceFingerprint } from '../../../lib/device.ts';

/** The account calls of spec §7 and ARCHITECTURE §7, one function per endpoint. */
export function login(email: string, password: string): Promise<TSessionInfo> {
  return http.post<TSessionInfo>('/auth/connexion/login', {
    email,
    password,
    deviceFingerprint: deviceFingerprint(),
  });
}

export function logout(): Promise<unknown> {
  return http.post('/auth/connexion/logout', {});
}

export function registerClub(body: TRegistrationBody): Promise<{ message?: string }> {
  return http.post<{ message?: string }>('/api/club/inscription', body);
}

export async function emailExists(email: string): Promise<boolean> {
  return (await http.get<{ exists: boolean }>('/api/club/email-exists', { query: { email } }))
    .exists;
}

export async function clubExists(nomClub: string): Promise<boolean> {
  return (await http.get<{ exists: boolean }>('/api/club/club-exists', { query: { nomClub } }))
    .exists;
}

export function requestPasswordReset(email: string): Promise<{ message?: string }> {
  return http.post<{ message?: string }>('/auth/connexion/mdpOublie', { email });
}

export function resetPassword(body: {
  email: string;
  newPassword: string;
  token: string;
}): Promise<{ message?: string }> {
  return http.post<{ message?: string }>('/auth/connexion/mdpUpdte', body);
}

export function invitationInfo(token: string): Promise<TInvitationInfo> {
  return http.get<TInvitationInfo>(`/api/membres/invitation/${encodeURIComponent(token)}`);
}

export function activateInvitation(body: TActivateInvitationBody): Promise<{ message?: string }> {
  return http.post<{ message?: string }>('/api/membres/invitation', body);
}
