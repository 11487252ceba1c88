import { useMutation } from '@tanstack/react-query';
import { accountDataFileName, type TPasswordConfirmation } from '@club/contract';
import { api } from '../../../lib/api.ts';

/** Today on this device, 'YYYY-MM-DD' (the export's file name). */
function today(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Saves a blob as a file through a temporary link (the browser's download). */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked a little later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/compte/donnees: the JSON file of everything held about me and my children. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const data = await api.auth.exportData();
      const json = JSON.stringify(data, null, 2);
      saveFile(new Blob([json], { type: 'application/json' }), accountDataFileName(today()));
    },
  });
}

/** DELETE /api/compte {motDePasse}: erases my account (personal data, sessions, e-mail freed). */
export function useDeleteMyAccount() {
  return useMutation({
    mutationFn: (body: TPasswordConfirmation) => api.auth.deleteAccount({ body }),
  });
}
