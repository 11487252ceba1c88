import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
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
 * Self-hosted ALTCHA proof-of-work widget (ARCHITECTURE §8). Reports the payload once verified,
 * null otherwise (expired, error, reset).
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

    useEffect(() => {
      const node = el.current;
      if (!node) return;
      const onState = (e: Event) => {
        const { state, payload } = (e as CustomEvent<{ state: string; payload?: string }>).detail;
        onChangeRef.current(state === 'verified' && payload ? payload : null);
      };
      node.addEventListener('statechange', onState);
      loadAltcha().catch((err: unknown) => console.warn('Captcha indisponible', err));
      return () => node.removeEventListener('statechange', onState);
    }, []);

    return (
      <div className="captcha-box">
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
