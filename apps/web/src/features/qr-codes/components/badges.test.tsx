import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/kit.tsx';
import { ScanCountBadge } from './scan-count-badge.tsx';
import { StatusBadge } from './status-badge.tsx';

describe('ScanCountBadge', () => {
  it.each([
    [7, 'blue', 'bg-blue-100'],
    [8, 'yellow', 'bg-yellow-100'],
    [9, 'yellow', 'bg-yellow-100'],
    [10, 'red', 'bg-red-100'],
  ])("shows '%i scan(s) exhausted' in %s", async (count, tone, className) => {
    await renderApp(<ScanCountBadge scanCount={count} />);
    const badge = screen.getByText(`${count} scan(s) exhausted`);
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge).toHaveClass(className);
  });

  it('speaks Hindi', async () => {
    await renderApp(<ScanCountBadge scanCount={3} />, { language: 'hi' });
    expect(screen.getByText('3 स्कैन उपयोग हो चुके')).toBeInTheDocument();
  });
});

describe('StatusBadge', () => {
  it.each([
    ['detail', 'ASSIGNED', 'Assigned', 'green'],
    ['detail', 'UNASSIGNED', 'Unassigned', 'red'],
    ['detail', 'DISABLED', 'Disabled', 'red'],
    ['tile', 'ASSIGNED', 'Assigned', 'green'],
    ['tile', 'ACTIVE', 'ACTIVE', 'green'],
    ['tile', 'DISABLED', 'Disabled', 'red'],
    ['tile', 'EXPIRED', 'EXPIRED', 'red'],
    ['tile', 'UNASSIGNED', 'Unassigned', 'amber'],
  ] as const)('%s view shows %s as "%s" in %s', async (variant, status, label, tone) => {
    await renderApp(<StatusBadge status={status} variant={variant} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge).toHaveAccessibleName(`Status: ${label}`);
  });
});
