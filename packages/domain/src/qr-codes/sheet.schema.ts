import { z } from 'zod';
import { INVALID_VALUE_MESSAGE, REQUIRED_MESSAGE } from './messages.ts';
import { sizesByKind, themesByKind, titlesByKind } from './card-designs.ts';

/**
 * A print sheet of the owner's codes: which codes, and the designer's theme, size and title to
 * draw them in. Themes and titles are per kind; a code whose kind lacks the chosen one gets its
 * kind's first (the designer's default).
 */

/** Codes one sheet may hold. */
export const SHEET_MAX_CODES = 2000;

const unique = <T>(values: readonly T[]) => [...new Set(values)];
const themeIds = unique(Object.values(themesByKind).flatMap((themes) => themes.map((t) => t.id)));
const titleIds = unique(Object.values(titlesByKind).flatMap((titles) => titles.map((t) => t.id)));
const sizeIds = unique(Object.values(sizesByKind).flatMap((sizes) => sizes.map((s) => s.id)));

const qrIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, INVALID_VALUE_MESSAGE);
const tooMany = `Choose at most ${SHEET_MAX_CODES} codes for one sheet.`;
const idListSchema = z
  .array(qrIdSchema)
  .min(1, REQUIRED_MESSAGE)
  .transform((ids) => unique(ids))
  .pipe(z.array(z.string()).max(SHEET_MAX_CODES, tooMany));

const optionsShape = {
  theme: z.enum(themeIds as [string, ...string[]], { error: INVALID_VALUE_MESSAGE }).optional(),
  size: z.enum(sizeIds as [string, ...string[]], { error: INVALID_VALUE_MESSAGE }).optional(),
  title: z.enum(titleIds as [string, ...string[]], { error: INVALID_VALUE_MESSAGE }).optional(),
};

/** `GET /qr-codes/sheet.pdf?ids=a,b,c&theme=pink&size=small` */
export const sheetQuerySchema = z.strictObject({
  ids: z
    .string({ error: REQUIRED_MESSAGE })
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(idListSchema),
  ...optionsShape,
});

/** `POST /qr-codes/sheet.pdf` with `{ ids: [...], theme?, size?, title? }`: for long selections. */
export const sheetBodySchema = z.strictObject({ ids: idListSchema, ...optionsShape });
export type SheetRequest = z.infer<typeof sheetBodySchema>;
