import type { ProductKey } from '../labels';

// Colours per temperature: the compartment's inside and its accent.
const tones = {
  cool: { inside: '#dbeafe', accent: '#2563eb' },
  neutral: { inside: '#e6f2f1', accent: '#0f766e' },
  warm: { inside: '#ffedd5', accent: '#ea580c' },
} as const;

/**
 * LockerPicture is the illustration of one kind of compartment, drawn here so it
 * ships with the app: a cabinet with the compartment's door open, short for a
 * small locker and tall for a big one, its inside tinted by temperature (blue with
 * a snowflake when cooled, orange with rising warmth when warmed), a parcel in it
 * for scale. Decorative: the text next to it names the kind.
 */
export function LockerPicture({ product, className }: { product: Pick<ProductKey, 'height' | 'temperature'>; className?: string }) {
  const { inside, accent } = tones[product.temperature];
  const big = product.height === 'big';
  // The compartment: a big one spans the cabinet, a small one its lower part.
  const top = big ? 8 : 32;
  const h = big ? 48 : 24;
  const cx = 26;
  const cy = top + h / 2;
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" data-picture={`${product.height}/${product.temperature}`}>
      <rect x="4" y="4" width="44" height="56" rx="4" fill="#f4f6f6" stroke="#9aa5a6" strokeWidth="2" />
      {!big && <rect x="8" y="8" width="36" height="20" rx="2" fill="#fff" stroke="#c3cbcc" strokeWidth="1.5" />}
      <rect x="8" y={top} width="36" height={h} rx="2" fill={inside} stroke={accent} strokeWidth="2" />
      {/* The open door, seen at an angle. */}
      <path d={`M44 ${top} L58 ${top + 4} L58 ${top + h - 4} L44 ${top + h} Z`} fill="#fff" stroke="#9aa5a6" strokeWidth="1.5" />
      <circle cx="55" cy={cy} r="1.5" fill="#9aa5a6" />
      {/* A parcel for scale. */}
      <rect x="14" y={top + h - 12} width="14" height="10" rx="1" fill="#d6b98c" stroke="#a0825a" strokeWidth="1" />
      <path d={`M21 ${top + h - 12} V${top + h - 2}`} stroke="#a0825a" strokeWidth="1" />
      {product.temperature === 'cool' && (
        <g stroke={accent} strokeWidth="1.8" strokeLinecap="round">
          <path d={`M${cx + 10} ${cy - 8} v10 M${cx + 5.7} ${cy - 5.5} l8.6 5 M${cx + 14.3} ${cy - 5.5} l-8.6 5`} />
        </g>
      )}
      {product.temperature === 'warm' && (
        <g stroke={accent} strokeWidth="1.8" fill="none" strokeLinecap="round">
          <path d={`M${cx + 6} ${cy + 2} q-2 -3 0 -6 q2 -3 0 -6`} />
          <path d={`M${cx + 12} ${cy + 2} q-2 -3 0 -6 q2 -3 0 -6`} />
        </g>
      )}
    </svg>
  );
}
