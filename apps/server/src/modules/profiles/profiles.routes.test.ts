import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const fullProfile = {
  name: 'Asha',
  fullName: 'Asha Verma',
  bloodGroup: 'O_POSITIVE',
  allergies: 'Penicillin',
  emergencyContact: { name: 'Ravi Verma', phoneNumber: '9876543210' },
};

async function put(headers: { authorization: string }, payload: object) {
  return t.app.inject({ method: 'PUT', url: '/api/profile', headers, payload });
}

describe('GET /api/profile', () => {
  it('answers 401 without a token and with a token signed by an unknown key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    const foreign = await t.authHeaders({ subject: 'foreign', foreignKey: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/profile', headers: foreign });
    expect(res.statusCode).toBe(401);
  });

  it('creates an empty profile on first use with a random public id and the account e-mail', async () => {
    const headers = await t.authHeaders({ subject: 'first-use', email: 'first@example.in' });
    const first = await t.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({
      publicId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      email: 'first@example.in',
      profile: {},
    });
    // The same profile (same public id) on every later call.
    const again = await t.app.inject({ method: 'GET', url: '/api/profile/', headers });
    expect(again.json().publicId).toBe(body.publicId);
  });

  it('gives two users two different public ids', async () => {
    const a = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: await t.authHeaders({ subject: 'ids-a' }),
    });
    const b = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: await t.authHeaders({ subject: 'ids-b' }),
    });
    expect(a.json().publicId).not.toBe(b.json().publicId);
  });

  it('survives two concurrent first calls with one public id', async () => {
    const headers = await t.authHeaders({ subject: 'concurrent' });
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/profile', headers }),
      t.app.inject({ method: 'GET', url: '/api/profile', headers }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().publicId).toBe(b.json().publicId);
  });
});

describe('PUT /api/profile', () => {
  it('answers 401 without a token, before looking at the body', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      payload: { nonsense: true },
    });
    expect(res.statusCode).toBe(401);
  });

  it('saves the profile, keeps the public id and answers what GET answers', async () => {
    const headers = await t.authHeaders({ subject: 'saver', email: 'saver@example.in' });
    const before = (await t.app.inject({ method: 'GET', url: '/api/profile', headers })).json();
    const saved = await put(headers, fullProfile);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      publicId: before.publicId,
      email: 'saver@example.in',
      profile: fullProfile,
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(after.json()).toEqual(saved.json());
  });

  it('creates the profile when PUT comes first', async () => {
    const headers = await t.authHeaders({ subject: 'put-first' });
    const saved = await put(headers, { name: 'Meera' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toEqual({ name: 'Meera' });
    expect(saved.json().publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('trims values and drops empty ones, so they read as not specified', async () => {
    const headers = await t.authHeaders({ subject: 'trimmer' });
    await put(headers, fullProfile);
    const res = await put(headers, {
      name: '  Asha  ',
      fullName: '',
      allergies: '   ',
      emergencyContact: { name: '', phoneNumber: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toEqual({ name: 'Asha' });
  });

  it.each([
    [
      'a 9-digit emergency phone',
      { emergencyContact: { name: 'Ravi', phoneNumber: '987654321' } },
      { 'emergencyContact.phoneNumber': 'Phone number must be 10 digits' },
    ],
    [
      'a 51-character name',
      { name: 'x'.repeat(51) },
      { name: 'This field must be between 0 and 50 characters' },
    ],
    [
      '101 characters of allergies',
      { allergies: 'x'.repeat(101) },
      { allergies: 'This field must be between 0 and 100 characters' },
    ],
    ['an unknown blood group', { bloodGroup: 'Z_POSITIVE' }, { bloodGroup: 'Invalid value' }],
    ['an e-mail in the body', { email: 'evil@example.in' }, { email: 'Unknown field' }],
    ['a public id in the body', { publicId: 'mine' }, { publicId: 'Unknown field' }],
    [
      'an unknown field inside the contact',
      { emergencyContact: { name: 'Ravi', relation: 'brother' } },
      { 'emergencyContact.relation': 'Unknown field' },
    ],
  ])('rejects %s with 400 and the field message', async (_label, payload, fields) => {
    const headers = await t.authHeaders({ subject: 'validator' });
    const res = await put(headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(fields);
    expect(typeof res.json().message).toBe('string');
  });

  it('leaves the stored profile alone when the body is rejected', async () => {
    const headers = await t.authHeaders({ subject: 'unchanged' });
    await put(headers, fullProfile);
    await put(headers, { ...fullProfile, name: 'x'.repeat(51) });
    const after = await t.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(after.json().profile).toEqual(fullProfile);
  });

  it('changes only the caller’s own profile', async () => {
    const owner = await t.authHeaders({ subject: 'owner-a' });
    const other = await t.authHeaders({ subject: 'owner-b' });
    await put(owner, { name: 'Owner A' });
    await put(other, { name: 'Owner B' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/profile', headers: owner });
    expect(mine.json().profile).toEqual({ name: 'Owner A' });
  });
});

describe('GET /api/profiles/:publicId', () => {
  it('answers the public fields to anyone, without the e-mail', async () => {
    const headers = await t.authHeaders({ subject: 'public-owner', email: 'hidden@example.in' });
    const saved = (await put(headers, fullProfile)).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/profiles/${saved.publicId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicId: saved.publicId, profile: fullProfile });
    expect(res.body).not.toContain('hidden@example.in');
  });

  it('shows the latest saved version', async () => {
    const headers = await t.authHeaders({ subject: 'public-editor' });
    const { publicId } = (await put(headers, { name: 'Before' })).json();
    await put(headers, { name: 'After' });
    const res = await t.app.inject({ method: 'GET', url: `/api/profiles/${publicId}` });
    expect(res.json().profile).toEqual({ name: 'After' });
  });

  it('answers 404 for an unknown public id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profiles/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'PROFILE_NOT_FOUND', message: 'Profile not found.' });
  });

  it('answers 400 for a malformed public id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profiles/not%20an%20id' });
    expect(res.statusCode).toBe(400);
  });

  it('is read-only: no PUT on the public address', async () => {
    const headers = await t.authHeaders({ subject: 'read-only' });
    const { publicId } = (await put(headers, { name: 'Mine' })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${publicId}`,
      headers,
      payload: { name: 'Hacked' },
    });
    expect(res.statusCode).toBe(404);
    const after = await t.app.inject({ method: 'GET', url: `/api/profiles/${publicId}` });
    expect(after.json().profile).toEqual({ name: 'Mine' });
  });
});
