import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, stubFetch } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/kit.tsx';
import { DownloadMyData } from './download-my-data.tsx';

afterEach(() => vi.unstubAllGlobals());

describe("'Download my data'", () => {
  it('saves the export as a JSON file named for the day', async () => {
    mockApi({ 'GET /user/export': () => ({ body: { account: { email: 'asha@example.com' } } }) });
    const blobs: Blob[] = [];
    // jsdom has no object URLs: these two stand in (the URL class itself stays as it is).
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:export'),
      revokeObjectURL: () => undefined,
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    await renderApp(<DownloadMyData />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeInTheDocument();
    expect(clicked).toEqual([expect.stringMatching(/^carecode-data-\d{4}-\d\d-\d\d\.json$/)]);
    expect(JSON.parse(await blobs[0].text())).toEqual({ account: { email: 'asha@example.com' } });
  });

  it('saves the scan history as the CSV file the server wrote', async () => {
    const csv = '\uFEFF"scanId","qrId"\r\n"s1","q1"\r\n';
    const calls = stubFetch(
      () => new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:scans'),
      revokeObjectURL: () => undefined,
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    await renderApp(<DownloadMyData />);
    fireEvent.click(await screen.findByRole('button', { name: 'Scan history (CSV)' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/user/export/scans.csv']);
    expect(clicked).toEqual([expect.stringMatching(/^carecode-scans-\d{4}-\d\d-\d\d\.csv$/)]);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM, kept
    expect(new TextDecoder().decode(bytes)).toBe(csv.slice(1));
  });

  it('says what went wrong', async () => {
    mockApi({
      'GET /user/export': () => ({
        status: 429,
        body: { code: 'RATE_LIMITED', message: 'Too many requests.' },
      }),
    });
    await renderApp(<DownloadMyData />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeInTheDocument();
  });
});
