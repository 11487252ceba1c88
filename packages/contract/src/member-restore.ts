/**
 * Undoing a member's deletion (decision 0087): DELETE /api/membres/{id} deletes at once and keeps
 * a snapshot of the member's rows for MEMBER_RESTORE_WINDOW_MINUTES; POST
 * /api/membres/{id}/restaurer puts them back within that window, then the snapshot is erased.
 */
export const MEMBER_RESTORE_WINDOW_MINUTES = 10;

export const MEMBER_RESTORE_MESSAGES = {
  restored: 'Membre restauré.',
  /** 404: no snapshot (never deleted, another club's, or the window is over and it is erased). */
  expired: 'Ce membre ne peut plus être restauré : le délai d’annulation est dépassé.',
  /** 409: the e-mail address now belongs to another account. */
  emailTaken:
    'Restauration impossible : l’adresse e-mail de ce membre est désormais utilisée par un autre compte.',
} as const;
