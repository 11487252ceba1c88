import { useState, type InputHTMLAttributes, type Ref } from 'react';
import './password.css';

/** A password input with a show/hide toggle (spec §2, reset page). `ref` reaches the input. */
export function PasswordInput({
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input {...props} ref={ref} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
        disabled={props.disabled}
      >
        {visible ? 'Masquer' : 'Afficher'}
        <span className="visually-hidden"> le mot de passe</span>
      </button>
    </div>
  );
}
