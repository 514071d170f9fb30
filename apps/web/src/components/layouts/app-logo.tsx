type LogoProps = { className?: string };

/** Our mark: a food label with a check, drawn inline so it costs no request. */
export const AppLogoMark = ({ className = 'size-9' }: LogoProps) => (
  <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={className}>
    <rect width="40" height="40" rx="11" fill="var(--color-brand-800)" />
    <path d="M11 8.5h12.5l6.5 6.5v16.5H11z" fill="var(--color-brand-50)" />
    <path
      d="M23.5 8.5V15H30"
      fill="none"
      stroke="var(--color-brand-200)"
      strokeWidth="1.6"
      strokeLinejoin="round"
    />
    <path
      d="m15 21.5 3.6 3.6 6.6-7.2"
      fill="none"
      stroke="var(--color-brand-700)"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
    <circle cx="15.5" cy="13" r="1.6" fill="var(--color-accent-500)" />
  </svg>
);

/** The partner's mark: a lotus, for the yoga community behind the project. */
export const PartnerLogo = ({ className = 'h-5 w-5' }: LogoProps) => (
  <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
    <g fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M16 6c3 3.2 4.4 6.6 4.4 10.2S19 22.4 16 25c-3-2.6-4.4-5.2-4.4-8.8S13 9.2 16 6z" />
      <path d="M11.8 12.2C8.5 12 6 13 4 14.5c1.2 5.6 5.6 9.8 12 10.5" />
      <path d="M20.2 12.2c3.3-.2 5.8.8 7.8 2.3-1.2 5.6-5.6 9.8-12 10.5" />
    </g>
    <circle cx="16" cy="3.2" r="1.4" fill="currentColor" />
  </svg>
);
