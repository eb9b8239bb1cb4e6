import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion.ts';
import { avatarDataUri } from './avatar.ts';

/** Spec §9: the testimonials animate in after 300 ms. */
export const TESTIMONIALS_DELAY_MS = 300;

const testimonials = [
  { id: 't1', seed: 'priya-menon', background: 'fde2e2' },
  { id: 't2', seed: 'arjun-patel', background: 'dbeafe' },
  { id: 't3', seed: 'sneha-iyer', background: 'dcfce7' },
] as const;

/** The slide-and-fade entrance (CSS @starting-style); the stagger comes from transition-delay. */
export const ENTER_ANIMATION_CLASS =
  'transition duration-700 ease-out starting:translate-y-4 starting:opacity-0';

/**
 * Three testimonials that appear 300 ms after the section mounts, sliding in one after another.
 * With reduced motion they are shown at once, without any animation.
 */
export default function Testimonials() {
  const { t } = useTranslation('marketing');
  const reduceMotion = usePrefersReducedMotion();
  const [isDelayOver, setDelayOver] = useState(false);
  const isShown = reduceMotion || isDelayOver;

  useEffect(() => {
    if (reduceMotion) return;
    const timer = setTimeout(() => setDelayOver(true), TESTIMONIALS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reduceMotion]);

  const avatars = useMemo(
    () => testimonials.map(({ seed, background }) => avatarDataUri(seed, background)),
    [],
  );

  return (
    <ul className="grid min-h-64 gap-6 md:grid-cols-3" data-testid="testimonials">
      {isShown &&
        testimonials.map(({ id }, index) => {
          const name = t(`home.testimonials.${id}Name`);
          return (
            <li
              key={id}
              data-testid="testimonial"
              className={`flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm ${
                reduceMotion ? '' : ENTER_ANIMATION_CLASS
              }`}
              style={reduceMotion ? undefined : { transitionDelay: `${index * 120}ms` }}
            >
              <figure className="flex h-full flex-col">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 32 32"
                  className="h-7 w-7 fill-brand-100"
                  focusable="false"
                >
                  <path d="M10 8C5.6 8 3 11.4 3 16v8h9v-9H7.2c.2-2.7 1.5-4 3.8-4zm16 0c-4.4 0-7 3.4-7 8v8h9v-9h-4.8c.2-2.7 1.5-4 3.8-4z" />
                </svg>
                <blockquote className="mt-3 flex-1 text-slate-700">
                  <p>{t(`home.testimonials.${id}Quote`)}</p>
                </blockquote>
                <figcaption className="mt-5 flex items-center gap-3">
                  <img
                    src={avatars[index]}
                    alt=""
                    width={48}
                    height={48}
                    className="h-12 w-12 rounded-full ring-2 ring-white"
                  />
                  <span className="flex flex-col">
                    <span className="font-semibold text-slate-900">{name}</span>
                    <span className="text-sm text-slate-600">
                      {t(`home.testimonials.${id}Role`)}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
    </ul>
  );
}
