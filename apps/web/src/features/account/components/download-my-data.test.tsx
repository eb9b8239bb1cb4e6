import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
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
