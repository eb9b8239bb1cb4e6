import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { renderDesigner } from '../test/render.tsx';
import { EmergencyQrCard } from './emergency-qr-card.tsx';
import { QR_STANDALONE_SIZE, QrCodeImage } from './qr-code-image.tsx';

const value = 'http://localhost:8080/api/qr-codes/abc/scan';

describe('EmergencyQrCard', () => {
  it("defaults to 'In Case of Emergency', the note and the site host, the QR 140 px in a 210 px card", async () => {
    const { container } = await renderDesigner(<EmergencyQrCard value={value} />);
    expect(screen.getByText('In Case of Emergency')).toBeInTheDocument();
    expect(
      screen.getByText('Scan using camera or any QR scanner like a payment-app scanner.'),
    ).toBeInTheDocument();
    expect(screen.getByText(runtimeConfig.siteHost)).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: /QR code/ });
    expect(qr).toHaveAttribute('width', '140');
    expect(qr).toHaveAttribute('data-qr-value', value);
    expect((container.firstChild as HTMLElement).style.width).toBe('210px');
  });

  it('takes its title, website, note and size from its inputs', async () => {
    const { container } = await renderDesigner(
      <EmergencyQrCard
        value={value}
        size={200}
        title="Medical ID"
        website="carecode.in"
        note="Scan me"
      />,
    );
    expect(screen.getByText('Medical ID')).toBeInTheDocument();
    expect(screen.getByText('carecode.in')).toBeInTheDocument();
    expect(screen.getByText('Scan me')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute('width', '200');
    expect((container.firstChild as HTMLElement).style.width).toBe('300px');
  });

  it('speaks Hindi but keeps what it was given', async () => {
    await renderDesigner(<EmergencyQrCard value={value} />, 'hi');
    expect(screen.getByText('आपात स्थिति में')).toBeInTheDocument();
    expect(
      screen.getByText('कैमरा या किसी भी QR स्कैनर, जैसे पेमेंट-ऐप स्कैनर, से स्कैन करें।'),
    ).toBeInTheDocument();
  });
});

describe('QrCodeImage', () => {
  it('draws black modules on white with the CareCode logo excavated in the centre, 160 px standalone', async () => {
    const { container } = await renderDesigner(<QrCodeImage value={value} label="QR" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('width', String(QR_STANDALONE_SIZE));
    const fills = [...svg.querySelectorAll('path')].map((path) => path.getAttribute('fill'));
    expect(fills).toEqual(['#ffffff', '#000000']);
    const logo = svg.querySelector('image')!;
    expect(logo.getAttribute('href')).toBe('/logo.svg');
    // a fifth of the side: 32 px of 160, drawn in module units as 9 of 45
    expect(Number(logo.getAttribute('width'))).toBe(9);
    // level H needs 37 modules for this URL (L would need 29), plus a quiet zone of 4 a side
    expect(svg).toHaveAttribute('viewBox', '0 0 45 45');
  });
});
