import type { HTMLAttributes, ReactNode, Ref } from 'react';

type AlertTone = 'error' | 'warning' | 'info';

type AlertProps = HTMLAttributes<HTMLElement> & {
  ref?: Ref<HTMLElement>;
  /**
   * error: something failed (read out at once, `role="alert"`); warning and info: news (`role="status"`).
   * A warning that must interrupt passes `role="alert"`.
   */
  tone?: AlertTone;
  /** box: a tinted panel of its own; inline: one line of red text under what failed (errors only). */
  variant?: 'box' | 'inline';
  /** A smaller box, for a card or a dialog's footer. */
  compact?: boolean;
  /** `p` for a sentence, `div` when it holds a heading or a button, `span` inside other text. */
  as?: 'div' | 'p' | 'span';
  children: ReactNode;
};

const boxTones: Record<AlertTone, string> = {
  error: 'bg-red-50 text-red-900 ring-1 ring-red-200',
  warning: 'bg-amber-50 text-amber-950 ring-1 ring-amber-200',
  info: 'bg-brand-50 text-stone-800',
};

/** The one way a screen tells a person that something failed, or needs their attention. */
export const Alert = ({
  tone = 'error',
  variant = 'box',
  compact = false,
  as: Tag = 'p',
  className,
  children,
  role,
  ref,
  ...rest
}: AlertProps) => {
  const look =
    variant === 'inline'
      ? 'text-sm font-medium text-red-700'
      : `${compact ? 'rounded-xl p-3 text-sm' : 'rounded-2xl p-4'} ${boxTones[tone]}`;
  return (
    <Tag
      ref={ref as Ref<HTMLDivElement & HTMLParagraphElement & HTMLSpanElement>}
      role={role ?? (tone === 'error' ? 'alert' : 'status')}
      className={className ? `${look} ${className}` : look}
      {...rest}
    >
      {children}
    </Tag>
  );
};
