import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  ref?: Ref<HTMLButtonElement>;
}

/** The design system's button: `type="button"` unless told, 44 px high (36 px small). */
export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [
    'btn',
    variant === 'primary' ? '' : `btn-${variant}`,
    size === 'sm' ? 'btn-sm' : '',
  ];
  return (
    <button
      type={type}
      className={[...classes, className ?? ''].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}
