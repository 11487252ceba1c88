// The per-language bundles of the captcha widget ship without types; they only register strings.
declare module 'altcha/i18n/fr-fr';
