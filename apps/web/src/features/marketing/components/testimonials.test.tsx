import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockReducedMotion, renderApp } from '../../../test/kit.tsx';
import Testimonials, { ENTER_ANIMATION_CLASS, TESTIMONIALS_DELAY_MS } from './testimonials.tsx';

afterEach(() => {
  vi.useRealTimers();
  mockReducedMotion(false);
});

describe('Testimonials', () => {
  it('waits 300 ms, then shows three testimonials that animate in one after another', async () => {
    mockReducedMotion(false);
    vi.useFakeTimers();
    await renderApp(<Testimonials />);

    expect(screen.queryAllByTestId('testimonial')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryAllByTestId('testimonial')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));

    const cards = screen.getAllByTestId('testimonial');
    expect(cards).toHaveLength(3);
    expect(screen.getByText(/volunteer scanned it and called me/)).toBeInTheDocument();
    expect(screen.getByText('Arjun Patel')).toBeInTheDocument();
    expect(screen.getByText('Daughter, Chennai')).toBeInTheDocument();
    for (const card of cards) {
      for (const name of ENTER_ANIMATION_CLASS.split(' ')) expect(card).toHaveClass(name);
    }
    expect(cards.map((card) => card.style.transitionDelay)).toEqual(['0ms', '120ms', '240ms']);
  });

  it('draws the avatars locally as data URIs (no avatar service is called)', async () => {
    vi.useFakeTimers();
    await renderApp(<Testimonials />);
    act(() => vi.advanceTimersByTime(TESTIMONIALS_DELAY_MS));
    const images = screen.getAllByTestId('testimonial').map((card) => card.querySelector('img'));
    expect(images).toHaveLength(3);
    for (const image of images) expect(image?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // Different people get different drawings.
    expect(new Set(images.map((image) => image?.getAttribute('src'))).size).toBe(3);
  });

  it('with reduced motion shows them at once, without animation', async () => {
    mockReducedMotion(true);
    vi.useFakeTimers();
    await renderApp(<Testimonials />);

    const cards = screen.getAllByTestId('testimonial');
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.className).not.toMatch(/transition|starting:/);
      expect(card.style.transitionDelay).toBe('');
    }
  });

  it('speaks Hindi', async () => {
    vi.useRealTimers();
    mockReducedMotion(true);
    await renderApp(<Testimonials />, { language: 'hi' });
    expect(screen.getByText('प्रिया मेनन')).toBeInTheDocument();
  });
});
