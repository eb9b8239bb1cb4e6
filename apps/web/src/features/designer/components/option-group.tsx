import { useId, type ReactNode } from 'react';

export interface OptionItem<T extends string> {
  id: T;
  label: string;
  /** A small picture before the label (a colour swatch, a thumbnail). */
  visual?: ReactNode;
}

/** One designer choice as a group of radio buttons drawn as chips (keyboard: arrow keys). */
export function OptionGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  children,
}: {
  legend: string;
  options: readonly OptionItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** Extra controls after the chips (e.g. an upload button). */
  children?: ReactNode;
}) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.id} className="cursor-pointer">
            <input
              type="radio"
              className="peer sr-only"
              name={name}
              value={option.id}
              checked={value === option.id}
              onChange={() => onChange(option.id)}
            />
            <span className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 transition-colors peer-checked:border-brand-700 peer-checked:bg-brand-50 peer-checked:font-semibold peer-checked:text-brand-800 peer-checked:ring-1 peer-checked:ring-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-600 hover:border-slate-400">
              {option.visual}
              {option.label}
            </span>
          </label>
        ))}
        {children}
      </div>
    </fieldset>
  );
}

/** A round swatch: the theme's background with its text colour as a dot. */
export function ThemeSwatch({
  background,
  foreground,
}: {
  background: string;
  foreground: string;
}) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-6 w-6 items-center justify-center rounded-full border border-slate-300"
      style={{ background }}
    >
      <span className="h-2.5 w-2.5 rounded-full" style={{ background: foreground }} />
    </span>
  );
}
