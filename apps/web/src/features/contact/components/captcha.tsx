import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { CAPTCHA_CHALLENGE_URL } from '../api/send-contact.ts';

export interface CaptchaHandle {
  reset(): void;
}

let loading: Promise<unknown> | null = null;
/** The widget's code is only downloaded on the contact page (French strings first). */
function loadAltcha() {
  loading ??= import('altcha/i18n/fr-fr').then(() => import('altcha'));
  return loading;
}

/**
 * Self-hosted ALTCHA proof-of-work widget (docs/architecture.md §11). Reports the payload once
 * verified, null otherwise (expired, error, reset). Its code (≈ 35 kB) is fetched when the visitor
 * starts using the form (focus, pointer, touch) or asks for it, not while the page loads.
 */
export const Captcha = forwardRef<CaptchaHandle, { onChange: (payload: string | null) => void }>(
  function Captcha({ onChange }, ref) {
    const el = useRef<HTMLElement & { reset?: () => void }>(null);
    const onChangeRef = useRef(onChange);
    onChangeRef.current = onChange;

    useImperativeHandle(ref, () => ({
      reset() {
        el.current?.reset?.();
        onChangeRef.current(null);
      },
    }));

    const [status, setStatus] = useState<'idle' | 'loading' | 'ready' | 'failed'>('idle');
    const start = () => {
      if (status !== 'idle') return;
      setStatus('loading');
      loadAltcha().then(
        () => setStatus('ready'),
        (err: unknown) => {
          console.warn('Captcha indisponible', err);
          setStatus('failed');
        },
      );
    };
    const startRef = useRef(start);
    startRef.current = start;

    useEffect(() => {
      const node = el.current;
      if (!node) return;
      const onState = (e: Event) => {
        const { state, payload } = (e as CustomEvent<{ state: string; payload?: string }>).detail;
        onChangeRef.current(state === 'verified' && payload ? payload : null);
      };
      node.addEventListener('statechange', onState);
      const form = node.closest('form');
      const trigger = () => startRef.current();
      const events = ['focusin', 'pointerover', 'touchstart'] as const;
      events.forEach((t) => form?.addEventListener(t, trigger, { once: true, passive: true }));
      return () => {
        node.removeEventListener('statechange', onState);
        events.forEach((t) => form?.removeEventListener(t, trigger));
      };
    }, []);

    return (
      <div className="captcha-box">
        {status === 'idle' || status === 'loading' ? (
          <button type="button" className="btn btn-secondary" onClick={start}>
            {status === 'loading' ? 'Chargement...' : 'Afficher la vérification anti-robot'}
          </button>
        ) : null}
        {status === 'failed' ? (
          <p className="field-error">
            La vérification anti-robot n’a pas pu être chargée. Rechargez la page.
          </p>
        ) : null}
        <altcha-widget
          ref={el}
          challenge={CAPTCHA_CHALLENGE_URL}
          language="fr-fr"
          name="captcha"
          suppressHydrationWarning
        />
      </div>
    );
  },
);
