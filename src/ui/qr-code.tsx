import QRCode from 'qrcode';
import { useMemo } from 'react';

export interface QrCodeProps {
  /** The text or address the code holds. */
  value: string;
  /** The text alternative: what scanning it does ('Scan to download the app'). */
  label: string;
  /** Width and height in px; defaults to 128. */
  size?: number;
}

/** Draws `value` as a QR code in SVG (dark modules on white, as scanners expect, in either theme). */
export function QrCode({ value, label, size = 128 }: QrCodeProps) {
  const { path, count } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.get(row, column)) d += `M${column + 2} ${row + 2}h1v1h-1z`;
      }
    }
    // Two modules of quiet zone on each side.
    return { path: d, count: modules.size + 4 };
  }, [value]);

  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${count} ${count}`} shapeRendering="crispEdges">
      <rect width={count} height={count} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
