import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { wallpaperFromFile } from '../lib/prepare-background.ts';
import {
  DEFAULT_SIZE_ID,
  designerKindByType,
  fittingTextColor,
  isAcceptedUpload,
  sizesByKind,
  themesByKind,
  titlesByKind,
  type LockscreenBackgroundId,
  type TextColorId,
  type VehicleLayout,
} from '../options/designer-options.ts';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';

export type BackgroundChoice = LockscreenBackgroundId | 'upload';

/**
 * What the owner has chosen in the designer of one QR kind: theme, size, title, the vehicle
 * layout, and the lockscreen's background (a picture of theirs included) and text colour.
 */
export function useDesignerState(type: QrType) {
  const { t } = useTranslation('designer');
  const kind = designerKindByType[type];
  const themes = themesByKind[kind];
  const sizes = sizesByKind[kind];
  const titles = titlesByKind[kind];

  const [themeId, setThemeId] = useState(themes[0].id);
  const [sizeId, setSizeId] = useState<string>(DEFAULT_SIZE_ID);
  const [titleId, setTitleId] = useState(titles[0].id);
  const [layout, setLayout] = useState<VehicleLayout>('side-by-side');
  const [background, setBackground] = useState<BackgroundChoice>('none');
  const [textColor, setTextColor] = useState<TextColorId>(() =>
    fittingTextColor(themes[0].background),
  );
  const [uploadUrl, setUploadUrl] = useState<string | null>(null);

  /** A new theme; on a lockscreen the text colour follows it to stay readable. */
  const chooseTheme = (id: string) => {
    setThemeId(id);
    const next = themes.find((item) => item.id === id);
    if (kind === 'lockscreen' && next) setTextColor(fittingTextColor(next.background));
  };

  // The owner's picture never leaves the browser (see wallpaperFromFile).
  const onUpload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedUpload(file)) {
      window.alert(t('upload.rejected'));
      return;
    }
    try {
      setUploadUrl(await wallpaperFromFile(file));
      setBackground('upload');
    } catch (error) {
      // a file named .png that is no picture at all
      console.error('The picture could not be read.', error);
      window.alert(t('upload.rejected'));
    }
  };

  return {
    kind,
    themes,
    sizes,
    titles,
    theme: themes.find((item) => item.id === themeId) ?? themes[0],
    size: sizes.find((item) => item.id === sizeId) ?? sizes[1],
    titleId,
    layout,
    background,
    textColor,
    uploadUrl,
    chooseTheme,
    setSizeId,
    setTitleId,
    setLayout,
    setBackground,
    setTextColor,
    onUpload,
  };
}
