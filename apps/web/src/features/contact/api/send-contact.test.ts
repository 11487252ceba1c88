import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES } from '@club/contract';
import { sendContact } from './send-contact.ts';

const body = {
  nom: 'Martin',
  prenom: 'Camille',
  email: 'camille@example.org',
  sujet: 'Question',
  message: 'Bonjour',
  token: '9b2f3c1e-8a5d-4c7e-9f10-2b3c4d5e6f70',
  captcha: 'payload',
};

let respond: () => Response | Promise<Response>;
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  vi.stubGlobal('fetch', async () => respond());
});
afterEach(() => vi.unstubAllGlobals());

describe('[contact] answer → message (spec §8 Contact)', () => {
  it("the server's message field when present", async () => {
    respond = () =>
      new Response(JSON.stringify({ message: 'Veuillez valider le captcha.' }), { status: 400 });
    expect(await sendContact(body)).toMatchObject({
      ok: false,
      message: 'Veuillez valider le captcha.',
    });
  });

  it("'Erreur serveur : {status}' when the answer has no message", async () => {
    respond = () => new Response('', { status: 502 });
    expect(await sendContact(body)).toMatchObject({ ok: false, message: 'Erreur serveur : 502' });
  });

  it("no response: 'Erreur réseau : impossible de contacter le serveur.'", async () => {
    respond = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await sendContact(body)).toMatchObject({ ok: false, message: CONTACT_MESSAGES.network });
  });

  it('success: the server message, or the default text', async () => {
    respond = () => new Response(JSON.stringify({ message: 'Reçu.' }), { status: 200 });
    expect(await sendContact(body)).toMatchObject({ ok: true, message: 'Reçu.' });
    respond = () => new Response(JSON.stringify({ message: '' }), { status: 200 });
    expect(await sendContact(body)).toMatchObject({
      ok: true,
      message: '✅ Message envoyé avec succès !',
    });
  });
});
