import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { STATE_MESSAGES } from '@club/contract';
import { clearLocalStorageKeepingFingerprint } from '../../../lib/device.ts';
import { clearSession } from '../../../lib/session.ts';
import { logout } from '../api/auth-api.ts';

/**
 * Logout of spec §4: call logout (a failure is ignored), clear local storage except the device
 * fingerprint, forget the member, go to /connexion, which says 'Vous êtes déconnecté.'.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      /* ignored (spec §4) */
    }
    clearLocalStorageKeepingFingerprint();
    clearSession(queryClient, { onPurpose: true });
    navigate('/connexion', { replace: true, state: { notice: STATE_MESSAGES.loggedOut } });
  }, [navigate, queryClient]);
}
