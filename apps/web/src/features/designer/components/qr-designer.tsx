import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon, PrinterIcon } from '../../../components/ui/icons.tsx';
import { runtimeConfig, scanUrlFor } from '../../../lib/runtime-config.ts';
import '../designer.css';
import { CARD_EXPORT_PIXEL_RATIO, exportCard } from '../lib/export-card.ts';

import { printCard } from '../lib/print-card.ts';
import {
  downloadFileName,
  LOCKSCREEN,
  TEXT_COLORS,
  VEHICLE_LAYOUTS,
} from '../options/designer-options.ts';
import type { QrDesignerProps } from '../qr-designer.types.ts';
import { useDesignerState } from '../hooks/use-designer-state.ts';
import { BackgroundPicker, backgroundSource } from './background-picker.tsx';
import { LockscreenCard } from './lockscreen-card.tsx';
import { OptionGroup, ThemeSwatch } from './option-group.tsx';
import { ScaledPreview } from './scaled-preview.tsx';
import { TagCard } from './tag-card.tsx';
import { VehicleCard } from './vehicle-card.tsx';
import { qrCardFieldOf } from '@carecode/domain/qr-codes/qr-fields';

const textOf = (details: unknown, key: string): string | undefined => {
  if (!details || typeof details !== 'object') return undefined;
  const value = (details as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/**
 * The printable QR designer of one QR (spec §2 QR detail panel, §9 QR designers): pick a theme,
 * a size, a title (and a layout or background), then download a PNG or print the card.
 */
export default function QrDesignerPanel({ qrId, type, details, branding }: QrDesignerProps) {
  const { t } = useTranslation('designer');
  const headingId = useId();
  const {
    kind,
    themes,
    sizes,
    titles,
    theme,
    size,
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
  } = useDesignerState(type);
  const cardField = qrCardFieldOf(type);
  const cardText = cardField ? textOf(details, cardField) : undefined;
  const [isExporting, setIsExporting] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const content = {
    value: scanUrlFor(qrId),
    title: t(`titles.${kind}.${titleId}`),
    note: t('card.note'),
    website: runtimeConfig.siteHost,
    branding,
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

  const backgroundSrc = backgroundSource(background, uploadUrl);

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
              <BackgroundPicker
                value={background}
                onChange={setBackground}
                themeBackground={theme.background}
                uploadUrl={uploadUrl}
                onUpload={onUpload}
              />
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
              <DownloadIcon size={16} />
              {t('download')}
            </Button>
            <Button variant="secondary" onClick={printCard}>
              <PrinterIcon size={16} />
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
