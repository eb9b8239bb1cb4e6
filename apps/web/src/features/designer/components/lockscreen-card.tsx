import type { Ref } from 'react';
import {
  LOCKSCREEN,
  TEXT_COLORS,
  type SizeOption,
  type TextColorId,
  type Theme,
} from '../options/designer-options.ts';
import {
  BrandMark,
  CARD_FONT,
  CardFooter,
  CardTitle,
  QrTile,
  withAlpha,
  type CardContent,
} from './card-parts.tsx';

interface LockscreenCardProps extends CardContent {
  theme: Theme;
  size: SizeOption;
  textColor: TextColorId;
  /** A shipped illustration or the owner's own picture (an object URL); none shows the theme. */
  backgroundSrc?: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * A 360x720 phone wallpaper. The top third stays clear for the lock screen's clock; the code and
 * its texts sit on a panel of the text's opposite tone, so they read on any picture.
 */
export function LockscreenCard({
  theme,
  size,
  textColor,
  backgroundSrc,
  value,
  title,
  note,
  website,
  branding,
  ref,
}: LockscreenCardProps) {
  const colors = TEXT_COLORS.find((c) => c.id === textColor) ?? TEXT_COLORS[0];
  // texts a little larger than on cards: a wallpaper is read at arm's length on a small screen
  const text = 1.15;
  return (
    <div
      ref={ref}
      data-designer-card=""
      style={{
        position: 'relative',
        width: LOCKSCREEN.width,
        height: LOCKSCREEN.height,
        overflow: 'hidden',
        background: theme.background,
        fontFamily: CARD_FONT,
        printColorAdjust: 'exact',
        WebkitPrintColorAdjust: 'exact',
      }}
    >
      {backgroundSrc ? (
        <img
          src={backgroundSrc}
          alt=""
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'cover',
          }}
        />
      ) : (
        <div
          aria-hidden="true"
          style={{
            position: 'absolute',
            inset: 0,
            background: `linear-gradient(180deg, ${withAlpha(theme.foreground, 0)} 0%, ${withAlpha(theme.foreground, 0.05)} 45%, ${withAlpha(theme.foreground, 0.16)} 100%)`,
          }}
        />
      )}
      <div
        style={{
          position: 'absolute',
          left: 0,
          right: 0,
          top: Math.round(LOCKSCREEN.height * 0.37),
          display: 'flex',
          justifyContent: 'center',
        }}
      >
        <div
          style={{
            boxSizing: 'border-box',
            width: Math.max(264, size.width + 6 + 48),
            padding: '16px 20px 16px',
            borderRadius: 28,
            background: colors.scrim,
            color: colors.text,
            textAlign: 'center',
            boxShadow: '0 8px 24px rgba(0, 0, 0, 0.18)',
          }}
        >
          <BrandMark scale={text} color={colors.text} branding={branding} />
          <div style={{ margin: '8px 0 12px' }}>
            <CardTitle scale={text} color={colors.text} size={19}>
              {title}
            </CardTitle>
          </div>
          <QrTile value={value} size={size.width} scale={1} style={{ margin: '0 auto' }} />
          <CardFooter note={note} website={website} scale={text} color={colors.text} />
        </div>
      </div>
    </div>
  );
}
