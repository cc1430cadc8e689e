import type { QrPicture } from '#domains/settings/upi.ts';

/**
 * A QR code drawn from its modules (the server works them out; no QR library in the browser), black on white with
 * its quiet zone, so a phone's camera reads it from a screen or from paper.
 */
export function QrCode({ picture, label, className = '' }: { picture: QrPicture; label: string; className?: string }) {
  const side = picture.size + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`-4 -4 ${side} ${side}`}
      shapeRendering="crispEdges"
      className={`bg-white ${className}`}
    >
      <rect x={-4} y={-4} width={side} height={side} fill="#ffffff" />
      <path d={picture.path} fill="#000000" />
    </svg>
  );
}
