import type { Ref } from 'react';
import { type SizeOption, type Theme, type VehicleLayout } from '../options/designer-options.ts';
import { formatNumberPlate } from '../lib/number-plate.ts';
import {
  BrandMark,
  CARD_FONT,
  CardFooter,
  CardTitle,
  QrTile,
  withAlpha,
  type CardContent,
} from './card-parts.tsx';

interface VehicleCardProps extends CardContent {
  theme: Theme;
  size: SizeOption;
  layout: VehicleLayout;
  numberPlate?: string;
  ref?: Ref<HTMLDivElement>;
}

/** Width of a plate of `characters` at scale 1: monospace glyphs, spacing, the IND strip. */
const plateWidth = (characters: number) => characters * 10.9 + 38;

/**
 * An Indian number plate: black on white with the blue IND strip, whatever the theme. Drawn at
 * `scale`, or smaller when a long plate would not fit `maxWidth`.
 */
function NumberPlate({
  plate,
  scale: wanted,
  maxWidth,
}: {
  plate: string;
  scale: number;
  maxWidth: number;
}) {
  const painted = formatNumberPlate(plate);
  const scale = Math.min(wanted, (maxWidth * 0.92) / plateWidth(painted.length));
  return (
    <div
      style={{
        display: 'inline-flex',
        alignItems: 'stretch',
        maxWidth: '100%',
        background: '#ffffff',
        color: '#000000',
        border: `${2 * scale}px solid #111827`,
        borderRadius: 6 * scale,
        overflow: 'hidden',
        boxSizing: 'border-box',
      }}
    >
      <span
        style={{
          display: 'flex',
          alignItems: 'flex-end',
          padding: `0 ${3 * scale}px ${2 * scale}px`,
          background: '#1d4ed8',
          color: '#ffffff',
          fontSize: 7 * scale,
          fontWeight: 800,
        }}
      >
        IND
      </span>
      <span
        style={{
          padding: `${3 * scale}px ${8 * scale}px`,
          fontFamily: '"DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace',
          fontSize: 17 * scale,
          fontWeight: 800,
          letterSpacing: '0.06em',
          whiteSpace: 'nowrap',
          textTransform: 'uppercase',
        }}
      >
        {painted}
      </span>
    </div>
  );
}

/** The vehicle sticker: Side-by-Side, Stacked, or a Badge carrying the number plate. */
export function VehicleCard({
  theme,
  size,
  layout,
  numberPlate,
  value,
  title,
  note,
  website,
  branding,
  ref,
}: VehicleCardProps) {
  const s = size.scale;
  const frame = {
    boxSizing: 'border-box' as const,
    background: theme.background,
    color: theme.foreground,
    fontFamily: CARD_FONT,
    printColorAdjust: 'exact' as const,
    WebkitPrintColorAdjust: 'exact' as const,
  };
  const plate = (scale: number, maxWidth: number) =>
    numberPlate ? <NumberPlate plate={numberPlate} scale={scale} maxWidth={maxWidth} /> : null;

  if (layout === 'side-by-side') {
    const textWidth = Math.max(160 * s, Math.round(size.width * 0.72));
    return (
      <div
        ref={ref}
        data-designer-card=""
        style={{
          ...frame,
          display: 'flex',
          alignItems: 'center',
          gap: 14 * s,
          width: Math.ceil(size.width + 6 * s + 14 * s + textWidth + 28 * s + 3 * s),
          padding: 14 * s,
          border: `${1.5 * s}px solid ${withAlpha(theme.foreground, 0.3)}`,
          borderRadius: 20 * s,
        }}
      >
        <QrTile value={value} size={size.width} scale={s} />
        <div style={{ width: textWidth, textAlign: 'left' }}>
          <div style={{ display: 'flex' }}>
            <BrandMark scale={s} color={theme.foreground} branding={branding} />
          </div>
          <div style={{ margin: `${8 * s}px 0 ${8 * s}px` }}>
            <CardTitle scale={s} color={theme.foreground} size={19} align="left">
              {title}
            </CardTitle>
          </div>
          {plate(s * 0.85, textWidth)}
          <CardFooter
            note={note}
            website={website}
            scale={s}
            color={theme.foreground}
            align="left"
          />
        </div>
      </div>
    );
  }

  if (layout === 'badge') {
    return (
      <div
        ref={ref}
        data-designer-card=""
        style={{
          ...frame,
          width: Math.ceil(size.width + 6 * s + 28 * s + 8 * s),
          border: `${4 * s}px solid ${theme.foreground}`,
          borderRadius: 28 * s,
          overflow: 'hidden',
          textAlign: 'center',
        }}
      >
        <div
          style={{
            background: theme.foreground,
            padding: `${10 * s}px ${12 * s}px ${12 * s}px`,
          }}
        >
          <BrandMark scale={s} color={theme.background} branding={branding} />
          <div style={{ marginTop: 6 * s }}>
            <CardTitle scale={s} color={theme.background} size={18}>
              {title}
            </CardTitle>
          </div>
        </div>
        <div style={{ padding: `${14 * s}px ${14 * s}px ${14 * s}px` }}>
          <QrTile value={value} size={size.width} scale={s} style={{ margin: '0 auto' }} />
          {numberPlate && (
            <div style={{ marginTop: 12 * s }}>{plate(s * 1.35, size.width + 6 * s)}</div>
          )}
          <CardFooter note={note} website={website} scale={s} color={theme.foreground} />
        </div>
      </div>
    );
  }

  return (
    <div
      ref={ref}
      data-designer-card=""
      style={{
        ...frame,
        width: Math.ceil(size.width + 6 * s + 28 * s + 3 * s),
        padding: 14 * s,
        border: `${1.5 * s}px solid ${withAlpha(theme.foreground, 0.3)}`,
        borderRadius: 22 * s,
        textAlign: 'center',
      }}
    >
      <BrandMark scale={s} color={theme.foreground} branding={branding} />
      <div style={{ margin: `${8 * s}px 0 ${10 * s}px` }}>
        <CardTitle scale={s} color={theme.foreground} size={18}>
          {title}
        </CardTitle>
      </div>
      <QrTile value={value} size={size.width} scale={s} style={{ margin: '0 auto' }} />
      {numberPlate && <div style={{ marginTop: 10 * s }}>{plate(s, size.width + 6 * s)}</div>}
      <CardFooter note={note} website={website} scale={s} color={theme.foreground} />
    </div>
  );
}
