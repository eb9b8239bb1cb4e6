import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../../components/ui/icons.tsx';
import forestPath from '../assets/forest-path.svg';
import roadScene from '../assets/road-scene.svg';
import urbanStreet from '../assets/urban-street.svg';
import type { BackgroundChoice } from '../hooks/use-designer-state.ts';
import {
  ACCEPTED_UPLOAD_TYPES,
  LOCKSCREEN_BACKGROUNDS,
  type LockscreenBackgroundId,
} from '../options/designer-options.ts';
import { OptionGroup } from './option-group.tsx';

/** The illustrations shipped with the app (no third-party requests). */
export const backgroundImages: Record<Exclude<LockscreenBackgroundId, 'none'>, string> = {
  'road-scene': roadScene,
  'forest-path': forestPath,
  'urban-street': urbanStreet,
};

/** The picture behind a lockscreen card, if any. */
export function backgroundSource(choice: BackgroundChoice, uploadUrl: string | null) {
  if (choice === 'upload') return uploadUrl ?? undefined;
  return choice === 'none' ? undefined : backgroundImages[choice];
}

function Thumbnail({ src, color }: { src?: string; color?: string }) {
  return (
    <span
      aria-hidden="true"
      className="block h-8 w-4 overflow-hidden rounded-sm border border-slate-300"
      style={color ? { background: color } : undefined}
    >
      {src && <img src={src} alt="" className="h-full w-full object-cover" />}
    </span>
  );
}

/** The lockscreen's background: none, the shipped illustrations, or a picture of the owner's. */
export function BackgroundPicker({
  value,
  onChange,
  themeBackground,
  uploadUrl,
  onUpload,
}: {
  value: BackgroundChoice;
  onChange: (choice: BackgroundChoice) => void;
  themeBackground: string;
  uploadUrl: string | null;
  onUpload: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation('designer');
  const options = [
    ...LOCKSCREEN_BACKGROUNDS.map((item) => ({
      id: item.id as BackgroundChoice,
      label: t(`backgrounds.${item.id}`),
      visual: (
        <Thumbnail
          color={themeBackground}
          src={item.id === 'none' ? undefined : backgroundImages[item.id]}
        />
      ),
    })),
    ...(uploadUrl
      ? [
          {
            id: 'upload' as BackgroundChoice,
            label: t('backgrounds.upload'),
            visual: <Thumbnail src={uploadUrl} />,
          },
        ]
      : []),
  ];
  return (
    <>
      <OptionGroup
        legend={t('options.background')}
        value={value}
        onChange={onChange}
        options={options}
      >
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-dashed border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:border-slate-600">
          <UploadIcon size={16} />
          {t('upload.button')}
          <input
            type="file"
            className="sr-only"
            accept={ACCEPTED_UPLOAD_TYPES.join(',')}
            onChange={onUpload}
          />
        </label>
      </OptionGroup>
      <p className="-mt-3 text-xs text-slate-600">{t('upload.hint')}</p>
    </>
  );
}
