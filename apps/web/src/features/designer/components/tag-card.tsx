import type { Ref } from 'react';
import type { SizeOption, Theme } from '../options/designer-options.ts';
import {
  BrandMark,
  CARD_FONT,
  CardFooter,
  CardTitle,
  QrTile,
  withAlpha,
  type CardContent,
} from './card-parts.tsx';

interface TagCardProps extends CardContent {
  theme: Theme;
  size: SizeOption;
  /** A name or description under the code (never the child's name: see the child designer). */
  subtitle?: string;
  /** Draws a punch hole at the top, for luggage tags. */
  punchHole?: boolean;
  ref?: Ref<HTMLDivElement>;
}

/** The printable card of child, person and luggage QRs. */
export function TagCard({
  theme,
  size,
  subtitle,
  punchHole,
  value,
  title,
  note,
  website,
  branding,
  ref,
}: TagCardProps) {
  const s = size.scale;
  const pad = 14 * s;
  return (
    <div
      ref={ref}
      data-designer-card=""
      style={{
        boxSizing: 'border-box',
        width: Math.ceil(size.width + 6 * s + 2 * pad + 3 * s),
        padding: `${punchHole ? 30 * s : pad}px ${pad}px ${pad}px`,
        background: theme.background,
        color: theme.foreground,
        border: `${1.5 * s}px solid ${withAlpha(theme.foreground, 0.3)}`,
        borderRadius: 22 * s,
        fontFamily: CARD_FONT,
        textAlign: 'center',
        position: 'relative',
        printColorAdjust: 'exact',
        WebkitPrintColorAdjust: 'exact',
      }}
    >
      {punchHole && (
        <div
          aria-hidden="true"
          style={{
            position: 'absolute',
            top: 9 * s,
            left: '50%',
            width: 14 * s,
            height: 14 * s,
            marginLeft: -7 * s,
            borderRadius: '50%',
            background: '#ffffff',
            border: `${1.5 * s}px solid ${withAlpha(theme.foreground, 0.45)}`,
            boxSizing: 'border-box',
          }}
        />
      )}
      <BrandMark scale={s} color={theme.foreground} branding={branding} />
      <div style={{ margin: `${8 * s}px 0 ${10 * s}px` }}>
        <CardTitle scale={s} color={theme.foreground}>
          {title}
        </CardTitle>
      </div>
      <QrTile value={value} size={size.width} scale={s} style={{ margin: '0 auto' }} />
      {subtitle && (
        <p
          style={{
            display: 'inline-block',
            maxWidth: '100%',
            boxSizing: 'border-box',
            margin: `${10 * s}px 0 0`,
            padding: `${3 * s}px ${12 * s}px`,
            borderRadius: 999,
            background: theme.foreground,
            color: theme.background,
            fontSize: 13 * s,
            fontWeight: 800,
            overflowWrap: 'anywhere',
          }}
        >
          {subtitle}
        </p>
      )}
      <CardFooter note={note} website={website} scale={s} color={theme.foreground} />
    </div>
  );
}
