/** Decorative status pictograms for the auth status screens. */
export function MailIcon() {
  return (
    <svg className="auth-icon" viewBox="0 0 56 56" aria-hidden="true">
      <circle cx="28" cy="28" r="28" fill="#dcefF1" />
      <rect x="13" y="18" width="30" height="21" rx="3" fill="#fff" stroke="#0b5e6b" strokeWidth="2.4" />
      <path d="M14 20l14 11 14-11" fill="none" stroke="#0b5e6b" strokeWidth="2.4" strokeLinejoin="round" />
    </svg>
  );
}

export function SuccessIcon() {
  return (
    <svg className="auth-icon" viewBox="0 0 56 56" aria-hidden="true">
      <circle cx="28" cy="28" r="28" fill="#e5f4ea" />
      <path
        d="M17 29l7 7 15-16"
        fill="none"
        stroke="#1d6b3b"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function WarningIcon() {
  return (
    <svg className="auth-icon" viewBox="0 0 56 56" aria-hidden="true">
      <circle cx="28" cy="28" r="28" fill="#fdecea" />
      <path d="M28 15v16" stroke="#a8231a" strokeWidth="3.4" strokeLinecap="round" />
      <circle cx="28" cy="39" r="2.4" fill="#a8231a" />
    </svg>
  );
}

export function OfflineIcon() {
  return (
    <svg className="auth-icon" viewBox="0 0 56 56" aria-hidden="true">
      <circle cx="28" cy="28" r="28" fill="#fff4de" />
      <path
        d="M14 24a20 20 0 0 1 28 0M19 30a13 13 0 0 1 18 0M24 36a6 6 0 0 1 8 0"
        fill="none"
        stroke="#7a4b00"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path d="M15 15l26 26" stroke="#7a4b00" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}
