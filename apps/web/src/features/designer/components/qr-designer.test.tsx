import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toPng } from 'html-to-image';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scanUrlFor } from '../../../lib/runtime-config.ts';
import roadScene from '../assets/road-scene.svg';
import { wallpaperFromFile } from '../lib/prepare-background.ts';
import { PRINT_CARD_CLASS } from '../lib/print-card.ts';
import { renderApp } from '../../../test/kit.tsx';
import QrDesignerPanel from './qr-designer.tsx';

vi.mock('html-to-image', () => ({ toPng: vi.fn() }));
// jsdom cannot decode pictures; the journey (e2e/designer.spec.ts) runs the real one in Chromium
vi.mock('../lib/prepare-background.ts', () => ({
  wallpaperFromFile: vi.fn(async () => 'data:image/jpeg;base64,/9j/picture'),
}));

const qrId = 'qr-test-1';
const vehicleDetails = {
  numberPlate: 'MH12AB1234',
  modelDescription: 'White Swift',
  ownerContact: { name: 'Asha', phoneNumber: '9876543210' },
  emergencyContact: { name: 'Ravi', phoneNumber: '9876543211' },
};
const childDetails = {
  fullName: 'Aarav Sharma',
  schoolName: 'DPS',
  schoolContact: { name: 'Meera', phoneNumber: '9876543210' },
  emergencyContact: { name: 'Ravi', phoneNumber: '9876543211' },
  medicalDetails: { bloodGroup: 'O_POSITIVE' },
};

const card = () => document.querySelector<HTMLElement>('[data-designer-card]')!;
const cardQr = () => within(card()).getByRole('img', { name: /QR code/ });

let createObjectURL: ReturnType<typeof vi.fn>;

beforeEach(() => {
  createObjectURL = vi.fn(() => 'blob:http://localhost/picture-1');
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(wallpaperFromFile).mockClear();
  vi.mocked(toPng).mockReset();
});

describe('child designer', () => {
  it('offers the four child themes and three sizes, the QR black on white in every theme', async () => {
    await renderApp(<QrDesignerPanel qrId={qrId} type="CHILD" details={childDetails} />);
    const themes = within(screen.getByRole('group', { name: 'Theme' }));
    expect(
      themes.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['Sky Blue', 'Pink', 'Mint Green', 'Classic White']);
    const sizes = within(screen.getByRole('group', { name: 'Size' }));
    expect(sizes.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual(
      ['Small (160 px)', 'Medium (200 px)', 'Large (240 px)'],
    );
    expect(sizes.getByRole('radio', { name: 'Medium (200 px)' })).toBeChecked();

    for (const [name, background] of [
      ['Sky Blue', 'rgb(224, 242, 254)'],
      ['Pink', 'rgb(252, 231, 243)'],
      ['Mint Green', 'rgb(209, 250, 229)'],
      ['Classic White', 'rgb(255, 255, 255)'],
    ]) {
      await userEvent.click(themes.getByRole('radio', { name }));
      expect(card().style.background).toBe(background);
      const fills = [...cardQr().querySelectorAll('path')].map((p) => p.getAttribute('fill'));
      expect(fills).toEqual(['#ffffff', '#000000']);
      expect(cardQr()).toHaveAttribute('data-qr-value', scanUrlFor(qrId));
    }
  });

  it('sizes the QR 160/200/240 px', async () => {
    await renderApp(<QrDesignerPanel qrId={qrId} type="CHILD" details={childDetails} />);
    for (const [name, width] of [
      ['Small (160 px)', '160'],
      ['Medium (200 px)', '200'],
      ['Large (240 px)', '240'],
    ]) {
      await userEvent.click(screen.getByRole('radio', { name }));
      expect(cardQr()).toHaveAttribute('width', width);
    }
  });

  it("prints a preset title and never the child's name", async () => {
    await renderApp(<QrDesignerPanel qrId={qrId} type="CHILD" details={childDetails} />);
    expect(within(card()).getByText("If I'm Lost, Please Scan")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Title'), 'Scan to Call My Parents');
    expect(within(card()).getByText('Scan to Call My Parents')).toBeInTheDocument();
    expect(card().textContent).not.toContain('Aarav');
    expect(
      within(card()).getByText('Scan using camera or any QR scanner like a payment-app scanner.'),
    ).toBeInTheDocument();
  });
});

describe('person and luggage designers', () => {
  it('shows the person’s name under the code', async () => {
    await renderApp(
      <QrDesignerPanel
        qrId={qrId}
        type="PERSON"
        details={{
          fullName: 'Asha Rao',
          emergencyContact: { name: 'R', phoneNumber: '9876543210' },
        }}
      />,
    );
    expect(within(card()).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(card()).getByText('In Case of Emergency')).toBeInTheDocument();
  });

  it('shows the luggage description and its own titles', async () => {
    await renderApp(
      <QrDesignerPanel qrId={qrId} type="LUGGAGE" details={{ description: 'Blue suitcase' }} />,
    );
    expect(within(card()).getByText('Blue suitcase')).toBeInTheDocument();
    expect(within(card()).getByText('If Found, Please Scan')).toBeInTheDocument();
  });
});

describe('vehicle designer', () => {
  it('lays out Side-by-Side, Stacked or Badge with the number plate, QR 160/240/300', async () => {
    await renderApp(<QrDesignerPanel qrId={qrId} type="VEHICLE" details={vehicleDetails} />);
    const layouts = within(screen.getByRole('group', { name: 'Layout' }));
    expect(layouts.getByRole('radio', { name: 'Side-by-Side' })).toBeChecked();
    expect(card().style.display).toBe('flex');
    for (const name of ['Side-by-Side', 'Stacked', 'Badge']) {
      await userEvent.click(layouts.getByRole('radio', { name }));
      expect(within(card()).getByText('MH 12 AB 1234')).toBeInTheDocument();
    }
    expect(card().style.border).toContain('solid');
    for (const [name, width] of [
      ['Small (160 px)', '160'],
      ['Medium (240 px)', '240'],
      ['Large (300 px)', '300'],
    ]) {
      await userEvent.click(screen.getByRole('radio', { name }));
      expect(cardQr()).toHaveAttribute('width', width);
    }
  });
});

describe('lockscreen designer', () => {
  it("is a 360x720 wallpaper titled 'Scan for Emergency Info' with a QR of 140 times the scale", async () => {
    await renderApp(<QrDesignerPanel qrId={qrId} type="LOCKSCREEN" details={{}} />);
    expect(card().style.width).toBe('360px');
    expect(card().style.height).toBe('720px');
    expect(within(card()).getByText('Scan for Emergency Info')).toBeInTheDocument();
    expect(cardQr()).toHaveAttribute('width', '140');
    await userEvent.click(screen.getByRole('radio', { name: 'Small' }));
    expect(cardQr()).toHaveAttribute('width', '112');
    await userEvent.click(screen.getByRole('radio', { name: 'Large' }));
    expect(cardQr()).toHaveAttribute('width', '168');
  });

  it('offers the backgrounds None, Road Scene, Forest Path, Urban Street and dark/light text', async () => {
    await renderApp(<QrDesignerPanel qrId={qrId} type="LOCKSCREEN" details={{}} />);
    const backgrounds = within(screen.getByRole('group', { name: 'Background' }));
    expect(
      backgrounds.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent),
    ).toEqual(['None', 'Road Scene', 'Forest Path', 'Urban Street']);
    const pictures = () =>
      [...card().querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(pictures()).not.toContain(roadScene);
    await userEvent.click(backgrounds.getByRole('radio', { name: 'Road Scene' }));
    expect(pictures()).toContain(roadScene);

    const text = within(screen.getByRole('group', { name: 'Text colour' }));
    // Midnight is dark, so the texts start light
    expect(text.getByRole('radio', { name: 'Light' })).toBeChecked();
    await userEvent.click(text.getByRole('radio', { name: 'Dark' }));
    expect(within(card()).getByText('Scan for Emergency Info').style.color).toBe('rgb(15, 23, 42)');
    await userEvent.click(screen.getByRole('radio', { name: 'Sunrise' }));
    expect(text.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it("refuses a GIF with the alert 'JPG/PNG/WebP only' and keeps it out of the page", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await renderApp(<QrDesignerPanel qrId={qrId} type="LOCKSCREEN" details={{}} />);
    const input = screen.getByLabelText('Upload your own');
    fireEvent.change(input, {
      target: { files: [new File(['GIF89a'], 'cat.gif', { type: 'image/gif' })] },
    });
    expect(alert).toHaveBeenCalledWith('JPG/PNG/WebP only');
    expect(wallpaperFromFile).not.toHaveBeenCalled();
    expect(screen.queryByRole('radio', { name: 'Your picture' })).not.toBeInTheDocument();
  });

  it('uses an uploaded PNG, prepared in the browser, as the background', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await renderApp(<QrDesignerPanel qrId={qrId} type="LOCKSCREEN" details={{}} />);
    await userEvent.upload(
      screen.getByLabelText('Upload your own'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: 'Your picture' })).toBeChecked();
    expect(wallpaperFromFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'me.png' }));
    expect(card().querySelector('img')).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,/9j/picture',
    );
  });
});

describe('download', () => {
  it('renders the card to PNG and saves it as carecode-<kind>-qr.png', async () => {
    vi.mocked(toPng).mockResolvedValue('data:image/png;base64,iVBORw0KGgo=');
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    await renderApp(<QrDesignerPanel qrId={qrId} type="VEHICLE" details={vehicleDetails} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      name: 'carecode-vehicle-qr.png',
      href: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(vi.mocked(toPng).mock.calls[0][0]).toBe(card());
    expect(vi.mocked(toPng).mock.calls[0][1]?.pixelRatio).toBe(4);
  });

  it('exports the lockscreen at 3x (1080x2160)', async () => {
    vi.mocked(toPng).mockResolvedValue('data:image/png;base64,AA==');
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await renderApp(<QrDesignerPanel qrId={qrId} type="LOCKSCREEN" details={{}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(names).toEqual(['carecode-lockscreen-qr.png']));
    expect(vi.mocked(toPng).mock.calls[0][1]?.pixelRatio).toBe(3);
  });

  it('opens the image in a new tab on an iPhone instead of downloading', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15',
    );
    vi.mocked(toPng).mockResolvedValue('data:image/png;base64,iVBORw0KGgo=');
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderApp(<QrDesignerPanel qrId={qrId} type="CHILD" details={childDetails} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/picture-1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(click).not.toHaveBeenCalled();
    const blob = createObjectURL.mock.calls[0][0] as Blob;
    expect(blob.type).toBe('image/png');
  });

  it('only logs a failed export and lets the owner try again', async () => {
    const failure = new Error('canvas is tainted');
    vi.mocked(toPng).mockRejectedValue(failure);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderApp(<QrDesignerPanel qrId={qrId} type="PERSON" details={{}} />);
    const button = screen.getByRole('button', { name: 'Download' });
    await userEvent.click(button);
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.any(String), failure));
    expect(click).not.toHaveBeenCalled();
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('print', () => {
  it('marks the page for a card-only print while the print dialog is open', async () => {
    let classDuringPrint = '';
    vi.spyOn(window, 'print').mockImplementation(() => {
      classDuringPrint = document.documentElement.className;
    });
    await renderApp(<QrDesignerPanel qrId={qrId} type="LUGGAGE" details={{}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(classDuringPrint).toContain(PRINT_CARD_CLASS);
    expect(document.documentElement).toHaveClass(PRINT_CARD_CLASS);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.documentElement).not.toHaveClass(PRINT_CARD_CLASS);
  });
});

describe('Hindi', () => {
  it('labels the options and the card in Hindi', async () => {
    await renderApp(<QrDesignerPanel qrId={qrId} type="CHILD" details={childDetails} />, {
      language: 'hi',
    });
    expect(screen.getByRole('radio', { name: 'आसमानी नीला' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'डाउनलोड करें' })).toBeInTheDocument();
    expect(within(card()).getByText('अगर मैं खो जाऊँ, तो स्कैन करें')).toBeInTheDocument();
  });
});

describe("an organisation's card", () => {
  const branding = {
    name: 'Sunrise School',
    color: '#1E3A8A',
    logoUrl: '/api/organizations/org-1/logo?v=1700000000000',
  };

  it('is headed by its band: the logo on a white tile, the name and "Protected by CareCode", white on its colour', async () => {
    await renderApp(
      <QrDesignerPanel qrId={qrId} type="CHILD" details={childDetails} branding={branding} />,
    );
    const band = card().querySelector<HTMLElement>('[data-brand-band]')!;
    expect(band).toHaveStyle({ backgroundColor: 'rgb(30, 58, 138)', color: 'rgb(255, 255, 255)' });
    expect(band.textContent).toBe('Sunrise SchoolProtected by CareCode');
    expect(band.querySelector('img')).toHaveAttribute('src', branding.logoUrl);
    // The band stands in for the CareCode mark; the code is still there and still black on white.
    expect(within(card()).queryByText('CareCode')).toBeNull();
    expect(cardQr()).toBeInTheDocument();
  });

  it('heads every kind of card, and in Hindi says "CareCode द्वारा सुरक्षित"', async () => {
    for (const [type, details] of [
      ['VEHICLE', vehicleDetails],
      ['LOCKSCREEN', { deviceName: 'Phone' }],
      ['LUGGAGE', { description: 'Blue suitcase' }],
    ] as const) {
      const { unmount } = await renderApp(
        <QrDesignerPanel
          qrId={qrId}
          type={type}
          details={details}
          branding={{ ...branding, logoUrl: null }}
        />,
        { language: 'hi' },
      );
      const band = card().querySelector<HTMLElement>('[data-brand-band]')!;
      expect(band.textContent).toBe('Sunrise SchoolCareCode द्वारा सुरक्षित');
      expect(band.querySelector('img')).toBeNull();
      unmount();
    }
  });

  it('a personal code keeps the CareCode mark and no band', async () => {
    await renderApp(<QrDesignerPanel qrId={qrId} type="CHILD" details={childDetails} />);
    expect(card().querySelector('[data-brand-band]')).toBeNull();
    expect(within(card()).getByText('CareCode')).toBeInTheDocument();
  });
});
