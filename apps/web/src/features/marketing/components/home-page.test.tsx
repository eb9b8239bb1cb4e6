import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { HomePage } from './home-page.tsx';

describe('the home page', () => {
  it("says so after 'Delete my account', in Hindi too", async () => {
    await renderApp(<HomePage />, {
      path: '/',
      route: '/?account=deleted',
      language: 'hi',
      auth: fakeAuth({ signedIn: false }),
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'आपका खाता और उसमें सब कुछ हटा दिया गया है।',
    );
  });

  it('says nothing on an ordinary visit', async () => {
    await renderApp(<HomePage />, { path: '/', auth: fakeAuth({ signedIn: false }) });
    await screen.findAllByRole('heading');
    expect(screen.queryByText('Your account and everything in it have been deleted.')).toBeNull();
  });
});
