import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  MEMBER_IMPORT_MESSAGES,
  api,
  buildPath,
  queryString,
  type TImportReport,
  type TMember,
  type TTeam,
} from '@club/contract';
import { aMember } from '../../../testing/builders.ts';
import { ImportDialog } from './import-dialog.tsx';
import { NoTeamBanner } from './no-team-banner.tsx';

type Call = { url: string; method: string; body: unknown };
const importUrl = (simulation: 'true' | 'false') =>
  buildPath(api.members.import.path, { clubId: 7 }) + queryString({ simulation });
let calls: Call[];
let responder: (c: Call) => Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  document.cookie = 'XSRF-TOKEN=tok; path=/';
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { url, method: init.method ?? 'GET', body: init.body };
    calls.push(call);
    return responder(call);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const colonnes: TImportReport['colonnes'] = [
  { entete: 'Nom', champ: 'nom' },
  { entete: 'Courriel', champ: 'email' },
  { entete: 'Remarque', champ: null },
];
const preview = (errors: boolean): TImportReport => ({
  lignes: 3,
  crees: errors ? 1 : 2,
  misAJour: 1,
  inchanges: 0,
  simulation: true,
  colonnes,
  erreurs: errors ? [{ ligne: 3, colonne: 'Courriel', message: 'L’adresse est incorrecte.' }] : [],
  apercu: [
    { ligne: 2, resultat: 'NOUVEAU', valeurs: ['Durand', 'a@b.fr', ''], modifications: [] },
    {
      ligne: 3,
      resultat: errors ? 'ERREUR' : 'NOUVEAU',
      valeurs: ['Martin', errors ? 'pas-une-adresse' : 'c@d.fr', ''],
      modifications: [],
    },
    {
      ligne: 4,
      resultat: 'MIS_A_JOUR',
      valeurs: ['Petit', 'e@f.fr', 'x'],
      modifications: ['Courriel'],
    },
  ],
});

function renderDialog(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImportDialog clubId={7} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}
const csv = (name = 'membres.csv') => new File(['Nom;Courriel\n'], name, { type: 'text/csv' });

describe('[members] import dialog', () => {
  it('a file with a wrong row: the preview shows each row’s outcome and the error beside its cell; nothing can be imported until the fixed file is chosen', async () => {
    let fixed = false;
    responder = (c) => {
      const simulation = c.url.includes('simulation=true');
      if (simulation) return json(200, preview(!fixed));
      return json(200, { ...preview(false), simulation: false, apercu: undefined });
    };
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Importer des membres' })).toBeInTheDocument();
    await userEvent.upload(screen.getByTestId('import-file-input'), csv());
    const heading = await screen.findByRole('heading', { name: 'Aperçu de « membres.csv »' });
    expect(heading).toHaveFocus();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(importUrl('true'));
    expect((post.body as FormData).get('fichier')).toBeInstanceOf(File);
    expect(
      screen.getByText(
        '3 lignes : 1 nouveau, 1 mis à jour, 0 inchangé, 1 ligne en erreur. Rien n’est encore enregistré.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('import-announcer')).toHaveTextContent('Aperçu : 3 lignes');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => within(r).queryByRole('rowheader')?.textContent ?? 'head')).toEqual([
      'head',
      '2',
      '3',
      '4',
    ]);
    const wrong = rows[2]!;
    expect(within(wrong).getByText('Erreur')).toBeInTheDocument();
    const cell = within(wrong).getByText('pas-une-adresse').closest('td')!;
    expect(cell).toHaveClass('has-error');
    expect(within(cell).getByText('L’adresse est incorrecte.')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Mis à jour')).toBeInTheDocument();
    expect(screen.getByText('Colonnes ignorées : Remarque.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Confirmer l’import/ })).toBeNull();

    await userEvent.click(screen.getByLabelText('Lignes en erreur seulement'));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);

    fixed = true;
    await userEvent.upload(screen.getByTestId('import-fixed-file-input'), csv('corrigé.csv'));
    await screen.findByRole('heading', { name: 'Aperçu de « corrigé.csv »' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Confirmer l’import (2 nouveaux, 1 mis à jour)' }),
    );
    expect(await screen.findByRole('heading', { name: 'Import terminé' })).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      importUrl('true'),
      importUrl('true'),
      importUrl('false'),
    ]);
    expect(
      screen.getByText('2 membres créés : chacun reçoit une invitation par e-mail'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('import-announcer')).toHaveTextContent('Import terminé');
  });

  it('shows a progress bar while the import runs, and the refusal of the server (422) with its rows', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    responder = (c) =>
      c.url.includes('simulation=true') ? json(200, preview(false)) : json(200, {});
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body });
      if (url.includes('simulation=false')) {
        await gate;
        return json(422, {
          ...preview(true),
          message: MEMBER_IMPORT_MESSAGES.refused(1),
          apercu: undefined,
        });
      }
      return responder({ url, method: 'POST', body: init.body });
    });
    renderDialog();
    await userEvent.upload(screen.getByTestId('import-file-input'), csv());
    await userEvent.click(await screen.findByRole('button', { name: /Confirmer l’import/ }));
    expect(await screen.findByRole('heading', { name: 'Import en cours' })).toHaveFocus();
    expect(screen.getByRole('progressbar', { name: 'Import en cours' })).toBeInTheDocument();
    release();
    await waitFor(() =>
      expect(screen.getByTestId('import-announcer')).toHaveTextContent(
        MEMBER_IMPORT_MESSAGES.refused(1),
      ),
    );
    expect(
      screen.getAllByText(MEMBER_IMPORT_MESSAGES.refused(1)).some((e) => e.closest('.alert')),
    ).toBe(true);
    expect(screen.getByText('L’adresse est incorrecte.')).toBeInTheDocument();
  });

  it('refuses a spreadsheet before sending it, and shows the server’s refusal of a file', async () => {
    responder = () => json(415, { message: MEMBER_IMPORT_MESSAGES.fileType });
    renderDialog();
    fireEvent.drop(screen.getByTestId('import-drop-zone'), {
      dataTransfer: {
        files: [new File(['x'], 'membres.xlsx', { type: 'application/octet-stream' })],
      },
    });
    expect(
      screen.getAllByText(MEMBER_IMPORT_MESSAGES.spreadsheet).some((e) => e.closest('.alert')),
    ).toBe(true);
    expect(calls).toHaveLength(0);
    fireEvent.drop(screen.getByTestId('import-drop-zone'), {
      dataTransfer: { files: [csv('photo.csv')] },
    });
    await waitFor(() =>
      expect(
        screen.getAllByText(MEMBER_IMPORT_MESSAGES.fileType).some((e) => e.closest('.alert')),
      ).toBe(true),
    );
  });
});

describe('[members] players without a team', () => {
  const teams: TTeam[] = [
    {
      id: 3,
      nom: 'Seniors',
      category: 'Senior',
      categorie: 'Senior',
      division: 'D1',
      idClub: 1,
      presentParDefaut: false,
    },
    {
      id: 4,
      nom: 'U13 A',
      category: 'U13',
      categorie: 'U13',
      division: 'D2',
      idClub: 1,
      presentParDefaut: false,
    },
  ];
  const players: TMember[] = [
    aMember({
      id: 21,
      prenom: 'Léa',
      nom: 'Petit',
      equipes: [],
      idEquipe: null,
      nomEquipe: null,
      categorie: 'U13',
    }),
    aMember({
      id: 22,
      prenom: 'Hugo',
      nom: 'Roux',
      equipes: [],
      idEquipe: null,
      nomEquipe: null,
      categorie: 'U13',
    }),
  ];

  it('"N joueurs sans équipe": several chosen at once join the team (the one of their category is offered)', async () => {
    responder = () => json(200, { ajoutes: 2, message: '2 membres ajoutés à l’équipe U13 A.' });
    const onShow = vi.fn();
    const onAssigned = vi.fn();
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <NoTeamBanner players={players} teams={teams} onShow={onShow} onAssigned={onAssigned} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('region', { name: '2 joueurs sans équipe' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Afficher ces joueurs' }));
    expect(onShow).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Affecter à une équipe' }));
    const dialog = screen.getByRole('dialog', { name: 'Affecter des joueurs à une équipe' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Affecter' }));
    expect(within(dialog).getByText('Choisissez au moins un joueur.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Tout sélectionner'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'choisir U13 A' }));
    expect(within(dialog).getByLabelText('Équipe')).toHaveValue('4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Affecter 2 joueurs' }));
    await waitFor(() =>
      expect(onAssigned).toHaveBeenCalledWith('2 membres ajoutés à l’équipe U13 A.'),
    );
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(buildPath(api.members.assignTeam.path, { id: 4 }));
    expect(JSON.parse(put.body as string)).toEqual({ ajouter: [21, 22] });
  });

  it('says nothing when every player has a team', () => {
    const client = new QueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <NoTeamBanner players={[]} teams={teams} onShow={vi.fn()} onAssigned={vi.fn()} />
      </QueryClientProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
