import {
  brandColorFor,
  BRAND_TEXT_COLOR,
  contrastRatio,
  hasBrandContrast,
  isHexColor,
  LOGO_MAX_BYTES,
} from '@carecode/domain/organizations/branding';
import {
  brandColorSchema,
  canManage,
  type Organization,
} from '@carecode/domain/organizations/organization.schema';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import { controlClass } from '../../components/ui/form-field.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { useRemoveLogo } from './api/remove-logo.ts';
import { useUpdateOrganization } from './api/update-organization.ts';
import { useUploadLogo } from './api/upload-logo.ts';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * The band an organisation's codes show on their scan page and cards: its logo on a white tile,
 * its name and 'Protected by CareCode', in white on the colour that will really be used.
 */
function BrandPreview({
  name,
  color,
  logoUrl,
  logoAlt,
}: {
  name: string;
  color: string;
  logoUrl: string | null;
  logoAlt: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="brand-preview"
      className="flex items-center gap-3 rounded-2xl px-4 py-2.5"
      style={{ backgroundColor: color, color: BRAND_TEXT_COLOR }}
    >
      {logoUrl && (
        <img
          src={logoUrl}
          alt={logoAlt}
          width={40}
          height={40}
          className="size-10 shrink-0 rounded-lg bg-white object-contain p-0.5"
        />
      )}
      <div className="min-w-0">
        <p className="font-bold break-words">{name}</p>
        <p className="text-sm">{t('protectedBy')}</p>
      </div>
    </div>
  );
}

/**
 * An organisation's branding (Business): its brand colour and logo, as its codes' scan pages and
 * cards show them. Owners and admins set the colour (#RRGGBB; one too light for white text is
 * kept but the default colour is shown, and the card says so), upload a logo (PNG, JPEG or
 * WebP up to 2 MB) and remove it; members see the branding only.
 */
export function BrandingCard({
  organization,
  onChange,
}: {
  organization: Organization;
  onChange: () => void;
}) {
  const { t } = useTranslation('branding');
  const { errorText, codeText, fieldText } = useErrorText();
  const id = useId();
  const isAdmin = canManage(organization.role);
  const [color, setColor] = useState(organization.brandColor ?? '');
  const [colorError, setColorError] = useState<string>();
  const [logoUrl, setLogoUrl] = useState(organization.logoUrl);
  const [logoError, setLogoError] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const setBrandColor = useUpdateOrganization(organization.id);
  const uploadLogo = useUploadLogo(organization.id);
  const removeLogo = useRemoveLogo(organization.id);

  // What the organisation answers again (after a change here or elsewhere) is what is shown.
  useEffect(() => setColor(organization.brandColor ?? ''), [organization.brandColor]);
  useEffect(() => setLogoUrl(organization.logoUrl), [organization.logoUrl]);

  const typed = color.trim();
  const isValid = isHexColor(typed);
  const shown = brandColorFor(isValid ? typed : organization.brandColor);
  const isTooLight = isValid && !hasBrandContrast(typed);
  const logoAlt = t('logo.alt', { name: organization.name });

  const saveColor = (event: FormEvent) => {
    event.preventDefault();
    const parsed = brandColorSchema.safeParse(typed);
    if (!parsed.success) {
      setColorError(fieldText(parsed.error.issues[0].message));
      return;
    }
    setColorError(undefined);
    setBrandColor.mutate(
      { brandColor: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('color.saved'));
          onChange();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  };

  const resetColor = () =>
    setBrandColor.mutate(
      { brandColor: null },
      {
        onSuccess: () => {
          setColor('');
          setColorError(undefined);
          toast.success(t('color.cleared'));
          onChange();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );

  const chooseLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The server judges the bytes; these checks only spare a pointless upload.
    if (!LOGO_TYPES.includes(file.type)) {
      setLogoError(codeText('LOGO_INVALID'));
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setLogoError(codeText('LOGO_TOO_LARGE'));
      return;
    }
    setLogoError(undefined);
    uploadLogo.mutate(file, {
      onSuccess: (answer) => {
        setLogoUrl(answer.logoUrl);
        toast.success(t('logo.saved'));
        onChange();
      },
      onError: (error) => setLogoError(errorText(error)),
    });
  };

  const deleteLogo = () =>
    removeLogo.mutate(undefined, {
      onSuccess: () => {
        setLogoUrl(null);
        setLogoError(undefined);
        toast.success(t('logo.removed'));
        onChange();
      },
      onError: (error) => setLogoError(errorText(error)),
    });

  const colorHintId = `${id}-color-hint`;
  const colorNoteId = `${id}-color-note`;
  const colorErrorId = `${id}-color-error`;
  const logoHintId = `${id}-logo-hint`;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('intro')}</p>
      </div>

      <div role="group" aria-label={t('preview')}>
        <BrandPreview name={organization.name} color={shown} logoUrl={logoUrl} logoAlt={logoAlt} />
      </div>

      {isTooLight && (
        <p
          id={colorNoteId}
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {t('color.tooLight')}{' '}
          {t('color.contrast', {
            ratio: contrastRatio(typed, BRAND_TEXT_COLOR).toFixed(2),
          })}
        </p>
      )}

      {isAdmin ? (
        <>
          <form onSubmit={saveColor} noValidate className="space-y-2">
            <label htmlFor={`${id}-color`} className="text-sm font-medium text-slate-800">
              {t('color.label')}
            </label>
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label={t('color.picker')}
                value={(isValid ? typed : shown).toLowerCase()}
                onChange={(event) => {
                  setColor(event.target.value.toUpperCase());
                  setColorError(undefined);
                }}
                className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
              />
              <input
                id={`${id}-color`}
                type="text"
                inputMode="text"
                autoComplete="off"
                spellCheck={false}
                maxLength={7}
                placeholder="#1D4ED8"
                value={color}
                onChange={(event) => {
                  setColor(event.target.value);
                  setColorError(undefined);
                }}
                aria-invalid={colorError ? true : undefined}
                aria-describedby={
                  [colorHintId, isTooLight ? colorNoteId : '', colorError ? colorErrorId : '']
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                // Beside the picker, not under it: the shared control look without its top margin.
                className={`${controlClass(Boolean(colorError)).replace('mt-1 ', '')} max-w-40 min-w-0 flex-1 font-mono uppercase`}
              />
            </div>
            <p id={colorHintId} className="text-xs text-slate-600">
              {t('color.hint')}
            </p>
            {colorError && (
              <p id={colorErrorId} role="alert" className="text-sm font-medium text-red-700">
                {colorError}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                disabled={setBrandColor.isPending}
                aria-busy={setBrandColor.isPending}
              >
                {t('color.save')}
              </Button>
              {organization.brandColor && (
                <Button variant="secondary" onClick={resetColor} disabled={setBrandColor.isPending}>
                  {t('color.reset')}
                </Button>
              )}
            </div>
          </form>

          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-800">{t('logo.label')}</p>
            {logoUrl ? (
              <img
                src={logoUrl}
                alt={logoAlt}
                className="h-20 w-20 rounded-xl border border-slate-200 bg-white object-contain p-1"
              />
            ) : (
              <p className="text-sm text-slate-600">{t('logo.none')}</p>
            )}
            <p id={logoHintId} className="text-xs text-slate-600">
              {t('logo.hint')}
            </p>
            <input
              ref={fileInput}
              id={`${id}-logo`}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={chooseLogo}
              // Opened by the button below, which carries the name and the hint.
              hidden
            />
            {logoError && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {logoError}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                aria-describedby={logoHintId}
                onClick={() => fileInput.current?.click()}
                disabled={uploadLogo.isPending}
                aria-busy={uploadLogo.isPending}
              >
                {uploadLogo.isPending
                  ? t('logo.uploading')
                  : logoUrl
                    ? t('logo.replace')
                    : t('logo.upload')}
              </Button>
              {logoUrl && (
                <Button variant="danger" onClick={deleteLogo} disabled={removeLogo.isPending}>
                  {t('logo.remove')}
                </Button>
              )}
            </div>
          </div>
        </>
      ) : (
        <div className="space-y-1 text-sm text-slate-700">
          <p>
            {organization.brandColor
              ? t('color.current', { color: organization.brandColor })
              : t('color.none')}
          </p>
          {!logoUrl && <p>{t('logo.none')}</p>}
          <p className="text-slate-600">{t('readOnly')}</p>
        </div>
      )}
    </section>
  );
}
