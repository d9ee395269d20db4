/**
 * A tablet showing a clinic intake form, drawn for this portal. Decorative: the page says
 * everything it shows in words, so it is hidden from assistive technology.
 */
export function DeviceIllustration() {
  return (
    <svg className="device-illustration" viewBox="0 0 480 420" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="di-screen" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#f1f7f8" />
        </linearGradient>
        <linearGradient id="di-bezel" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#23343d" />
          <stop offset="1" stopColor="#0f1c22" />
        </linearGradient>
      </defs>
      <circle cx="400" cy="70" r="54" fill="#ffffff" opacity="0.14" />
      <circle cx="92" cy="336" r="68" fill="#ffffff" opacity="0.1" />
      <path
        d="M20 120h40l12-26 18 52 14-38 10 12h36"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.45"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <g transform="rotate(-4 240 220)">
        <rect x="96" y="46" width="292" height="352" rx="28" fill="url(#di-bezel)" />
        <rect x="112" y="64" width="260" height="316" rx="14" fill="url(#di-screen)" />
        <circle cx="242" cy="55" r="3" fill="#3d5560" />
        <rect x="112" y="64" width="260" height="52" rx="14" fill="#0b5e6b" />
        <rect x="112" y="100" width="260" height="16" fill="#0b5e6b" />
        <rect x="128" y="78" width="24" height="24" rx="6" fill="#ffffff" />
        <path d="M137 82h6v6h6v6h-6v6h-6v-6h-6v-6h6z" fill="#0b5e6b" />
        <rect x="162" y="80" width="96" height="9" rx="4.5" fill="#ffffff" />
        <rect x="162" y="94" width="64" height="7" rx="3.5" fill="#ffffff" opacity="0.6" />
        <rect x="128" y="132" width="70" height="7" rx="3.5" fill="#8aa3ad" />
        <rect
          x="128"
          y="144"
          width="228"
          height="26"
          rx="6"
          fill="#ffffff"
          stroke="#c9d6dc"
          strokeWidth="2"
        />
        <rect x="138" y="154" width="84" height="7" rx="3.5" fill="#1b2a33" opacity="0.75" />
        <rect x="128" y="182" width="90" height="7" rx="3.5" fill="#8aa3ad" />
        <rect
          x="128"
          y="194"
          width="106"
          height="26"
          rx="6"
          fill="#ffffff"
          stroke="#c9d6dc"
          strokeWidth="2"
        />
        <rect x="138" y="204" width="60" height="7" rx="3.5" fill="#1b2a33" opacity="0.75" />
        <rect
          x="250"
          y="194"
          width="106"
          height="26"
          rx="6"
          fill="#ffffff"
          stroke="#0b5e6b"
          strokeWidth="2.5"
        />
        <rect x="260" y="204" width="40" height="7" rx="3.5" fill="#1b2a33" opacity="0.75" />
        <rect x="302" y="201" width="2" height="13" fill="#0b5e6b" />
        <rect x="128" y="236" width="18" height="18" rx="4" fill="#0b5e6b" />
        <path
          d="M132 245l4 4 7-8"
          fill="none"
          stroke="#ffffff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <rect x="154" y="241" width="150" height="7" rx="3.5" fill="#4d5f6b" />
        <rect x="128" y="264" width="18" height="18" rx="4" fill="#ffffff" stroke="#8aa3ad" strokeWidth="2" />
        <rect x="154" y="269" width="120" height="7" rx="3.5" fill="#4d5f6b" />
        <path
          d="M136 322c10-16 18-18 20-8s-6 16 2 12 14-22 22-18-2 14 6 14 12-10 20-8"
          fill="none"
          stroke="#0b5e6b"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
        <rect x="128" y="332" width="120" height="2" fill="#8aa3ad" />
        <rect x="264" y="314" width="92" height="30" rx="8" fill="#0b5e6b" />
        <rect x="284" y="325" width="52" height="8" rx="4" fill="#ffffff" />
      </g>
      <g transform="rotate(28 410 300)">
        <rect x="402" y="200" width="14" height="150" rx="7" fill="#f4f7f8" />
        <rect x="402" y="200" width="14" height="26" rx="7" fill="#c2410c" />
        <path d="M402 344h14l-7 18z" fill="#23343d" />
      </g>
    </svg>
  );
}
