import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { runtimeConfig, scanUrlFor } from '../../../lib/runtime-config.ts';
import forestPath from '../assets/forest-path.svg';
import roadScene from '../assets/road-scene.svg';
import urbanStreet from '../assets/urban-street.svg';
import '../designer.css';
import { CARD_EXPORT_PIXEL_RATIO, exportCard } from '../lib/export-card.ts';
import { wallpaperFromFile } from '../lib/prepare-background.ts';
import { printCard } from '../lib/print-card.ts';
import {
  ACCEPTED_UPLOAD_TYPES,
  DEFAULT_SIZE_ID,
  designerKindByType,
  downloadFileName,
  fittingTextColor,
  isAcceptedUpload,
  LOCKSCREEN,
  LOCKSCREEN_BACKGROUNDS,
  sizesByKind,
  TEXT_COLORS,
  themesByKind,
  titlesByKind,
  VEHICLE_LAYOUTS,
  type LockscreenBackgroundId,
  type TextColorId,
  type VehicleLayout,
} from '../options/designer-options.ts';
import type { QrDesignerProps } from '../qr-designer.types.ts';
import { LockscreenCard } from './lockscreen-card.tsx';
import { OptionGroup, ThemeSwatch } from './option-group.tsx';
import { ScaledPreview } from './scaled-preview.tsx';
import { TagCard } from './tag-card.tsx';
import { VehicleCard } from './vehicle-card.tsx';
import { qrCardFieldOf } from '@carecode/domain/qr-codes/qr-fields';

/** The illustrations shipped with the app (no third-party requests). */
const backgroundImages: Record<Exclude<LockscreenBackgroundId, 'none'>, string> = {
  'road-scene': roadScene,
  'forest-path': forestPath,
  'urban-street': urbanStreet,
};

type BackgroundChoice = LockscreenBackgroundId | 'upload';

const textOf = (details: unknown, key: string): string | undefined => {
  if (!details || typeof details !== 'object') return undefined;
  const value = (details as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/**
 * The printable QR designer of one QR (spec §2 QR detail panel, §9 QR designers): pick a theme,
 * a size, a title (and a layout or background), then download a PNG or print the card.
 */
export default function QrDesignerPanel({ qrId, type, details }: QrDesignerProps) {
  const { t } = useTranslation('designer');
  const headingId = useId();
  const kind = designerKindByType[type];
  const cardField = qrCardFieldOf(type);
  const cardText = cardField ? textOf(details, cardField) : undefined;
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
  const [isExporting, setIsExporting] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);

  const theme = themes.find((item) => item.id === themeId) ?? themes[0];
  const size = sizes.find((item) => item.id === sizeId) ?? sizes[1];
  const content = {
    value: scanUrlFor(qrId),
    title: t(`titles.${kind}.${titleId}`),
    note: t('card.note'),
    website: runtimeConfig.siteHost,
  };

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

  const download = async () => {
    if (!cardRef.current || isExporting) return;
    setIsExporting(true);
    try {
      await exportCard(cardRef.current, downloadFileName(kind), {
        pixelRatio: kind === 'lockscreen' ? LOCKSCREEN.exportPixelRatio : CARD_EXPORT_PIXEL_RATIO,
      });
    } finally {
      setIsExporting(false);
    }
  };

  const backgroundSrc =
    background === 'upload'
      ? (uploadUrl ?? undefined)
      : background === 'none'
        ? undefined
        : backgroundImages[background];

  let card;
  if (kind === 'lockscreen') {
    card = (
      <LockscreenCard
        ref={cardRef}
        theme={theme}
        size={size}
        textColor={textColor}
        backgroundSrc={backgroundSrc}
        {...content}
      />
    );
  } else if (kind === 'vehicle') {
    card = (
      <VehicleCard
        ref={cardRef}
        theme={theme}
        size={size}
        layout={layout}
        numberPlate={cardText}
        {...content}
      />
    );
  } else {
    // A child's name is left off on purpose (the list of fields prints none for a child): a
    // stranger should not be able to call a child by name.
    const subtitle = cardText;
    card = (
      <TagCard
        ref={cardRef}
        theme={theme}
        size={size}
        subtitle={subtitle}
        punchHole={kind === 'luggage'}
        {...content}
      />
    );
  }

  const backgroundOptions = [
    ...LOCKSCREEN_BACKGROUNDS.map((item) => ({
      id: item.id as BackgroundChoice,
      label: t(`backgrounds.${item.id}`),
      visual: (
        <span
          aria-hidden="true"
          className="block h-8 w-4 overflow-hidden rounded-sm border border-slate-300"
          style={{ background: theme.background }}
        >
          {item.id !== 'none' && (
            <img src={backgroundImages[item.id]} alt="" className="h-full w-full object-cover" />
          )}
        </span>
      ),
    })),
    ...(uploadUrl
      ? [
          {
            id: 'upload' as BackgroundChoice,
            label: t('backgrounds.upload'),
            visual: (
              <span
                aria-hidden="true"
                className="block h-8 w-4 overflow-hidden rounded-sm border border-slate-300"
              >
                <img src={uploadUrl} alt="" className="h-full w-full object-cover" />
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <section
      aria-labelledby={headingId}
      className="@container w-full border-t border-slate-200 pt-4"
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {t('heading')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t(`intro.${kind}`)}</p>

      {/* One column: look, choose, then download. Wide: the options beside the preview. */}
      <div className="mt-4 grid gap-5 @3xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] @3xl:gap-x-6">
        <div
          className="min-w-0 rounded-xl border border-slate-200 bg-slate-100 p-4 @md:p-6 @3xl:col-start-1 @3xl:row-start-1"
          role="group"
          aria-label={t('preview')}
        >
          <ScaledPreview>{card}</ScaledPreview>
        </div>

        <div className="flex min-w-0 flex-col gap-5 @3xl:col-start-2 @3xl:row-span-2 @3xl:row-start-1">
          <OptionGroup
            legend={t('options.theme')}
            value={theme.id}
            onChange={chooseTheme}
            options={themes.map((item) => ({
              id: item.id,
              label: t(`themes.${item.id}`),
              visual: <ThemeSwatch background={item.background} foreground={item.foreground} />,
            }))}
          />

          <OptionGroup
            legend={t('options.size')}
            value={size.id}
            onChange={setSizeId}
            options={sizes.map((item) => ({
              id: item.id,
              label:
                kind === 'lockscreen'
                  ? t(`sizes.${item.id}`)
                  : t('sizeWithWidth', { size: t(`sizes.${item.id}`), width: item.width }),
            }))}
          />

          <div>
            <label
              htmlFor={`${headingId}-title`}
              className="mb-2 block text-sm font-semibold text-slate-800"
            >
              {t('options.title')}
            </label>
            <select
              id={`${headingId}-title`}
              value={titleId}
              onChange={(event) => setTitleId(event.target.value)}
              className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
            >
              {titles.map((item) => (
                <option key={item.id} value={item.id}>
                  {t(`titles.${kind}.${item.id}`)}
                </option>
              ))}
            </select>
          </div>

          {kind === 'vehicle' && (
            <OptionGroup
              legend={t('options.layout')}
              value={layout}
              onChange={setLayout}
              options={VEHICLE_LAYOUTS.map((item) => ({
                id: item.id,
                label: t(`layouts.${item.id}`),
              }))}
            />
          )}

          {kind === 'lockscreen' && (
            <>
              <OptionGroup
                legend={t('options.background')}
                value={background}
                onChange={setBackground}
                options={backgroundOptions}
              >
                <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-dashed border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:border-slate-600">
                  <UploadIcon />
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
              <OptionGroup
                legend={t('options.textColor')}
                value={textColor}
                onChange={setTextColor}
                options={TEXT_COLORS.map((item) => ({
                  id: item.id,
                  label: t(`textColors.${item.id}`),
                  visual: <ThemeSwatch background={item.text} foreground={item.text} />,
                }))}
              />
            </>
          )}
        </div>

        <div className="flex min-w-0 flex-col gap-3 @3xl:col-start-1 @3xl:row-start-2">
          <div className="flex flex-wrap gap-2">
            <Button onClick={download} disabled={isExporting} aria-busy={isExporting}>
              <DownloadIcon />
              {t('download')}
            </Button>
            <Button variant="secondary" onClick={printCard}>
              <PrintIcon />
              {t('print')}
            </Button>
          </div>
          <p className="text-xs text-slate-600">
            {t('printHint', { file: downloadFileName(kind) })}
          </p>
        </div>
      </div>
    </section>
  );
}

function DownloadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M10 2a1 1 0 0 1 1 1v8.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V3a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v1h10v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
    </svg>
  );
}

function PrintIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M5 2h10v4H5zM3 7h14a2 2 0 0 1 2 2v5h-3v4H4v-4H1V9a2 2 0 0 1 2-2Zm3 6v3h8v-3z" />
    </svg>
  );
}

function UploadIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M10 18a1 1 0 0 1-1-1V8.41l-2.3 2.3a1 1 0 0 1-1.4-1.42l4-4a1 1 0 0 1 1.4 0l4 4a1 1 0 0 1-1.4 1.42L11 8.4V17a1 1 0 0 1-1 1ZM4 2h12a1 1 0 1 1 0 2H4a1 1 0 1 1 0-2Z" />
    </svg>
  );
}
