import { BULK_MAX_ROWS, bulkColumnsOf } from '@carecode/domain/qr-codes/bulk';
import { qrTypes, type QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { awaitFreshWindow } from '../scans/scans.test-kit.ts';
import { createUsersRepository } from '../users/users.repository.ts';
import { bulkRateLimit } from './qr-bulk.routes.ts';

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp({ API_BASE_URL: 'https://api.carecode.example/api' });
});

afterAll(async () => {
  await t?.close();
});

async function newOwner(plan?: 'BUSINESS') {
  const subject = `bulk-owner-${++counter}-${Date.now()}`;
  const headers = await t.authHeaders({ subject });
  expect((await t.app.inject({ method: 'GET', url: '/api/qr-codes/', headers })).statusCode).toBe(
    200,
  );
  const user = await createUsersRepository(t.database.db).findBySubject(subject);
  if (plan) await createUsersRepository(t.database.db).setPlan(user!.id, plan);
  return { headers, userId: user!.id };
}

const childHeader = bulkColumnsOf('CHILD').join(',');

/** A valid child row: name, school, parent, emergency contact, blood group and the rest blank. */
const childRow = (name: string, bloodGroup = 'B+') =>
  `${name},Sunrise School,Priya,9876543210,Rahul,9876543211,${bloodGroup},,,`;

const upload = (headers: Record<string, string>, type: QrType, csv: string | Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/qr-codes/bulk?type=${type}`,
    headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });

const countCodes = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/qr-codes/', headers })).json().length as number;

describe('GET /api/qr-codes/bulk/template', () => {
  it.each(qrTypes)(
    'gives the %s template: BOM, header of the field paths, as a download',
    async (type) => {
      const { headers } = await newOwner();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/qr-codes/bulk/template?type=${type}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="carecode-${type.toLowerCase()}-template.csv"`,
      );
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(res.body).toBe(`\uFEFF${bulkColumnsOf(type).join(',')}\r\n`);
    },
  );

  it('names the child columns by their API paths', () => {
    expect(bulkColumnsOf('CHILD')).toEqual([
      'fullName',
      'schoolName',
      'schoolContact.name',
      'schoolContact.phoneNumber',
      'emergencyContact.name',
      'emergencyContact.phoneNumber',
      'medicalDetails.bloodGroup',
      'medicalDetails.medicalHistory',
      'medicalDetails.allergies',
      'medicalDetails.currentMedications',
    ]);
  });

  it('refuses an unknown kind with the field message', async () => {
    const { headers } = await newOwner();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/qr-codes/bulk/template?type=PET',
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ type: 'Invalid value' });
  });
});

describe('POST /api/qr-codes/bulk', () => {
  it('creates 30 child codes from a BOM file with a Hindi name, quoted commas and newlines, CRLF', async () => {
    const { headers } = await newOwner('BUSINESS');
    const rows = Array.from({ length: 27 }, (_, i) => childRow(`Child ${i + 1}`));
    rows.push(childRow('आरव शर्मा', 'O+'));
    rows.push(
      '"Mehta, Riya",Sunrise School,"Mehta, Priya",9876543210,Rahul,9876543211,AB_NEGATIVE,"Asthma,\r\nmild",,',
    );
    rows.push(`${childRow('Kabir', "don't know")}`);
    const csv = `\uFEFF${childHeader}\r\n${rows.join('\r\n')}\r\n`;
    const res = await upload(headers, 'CHILD', csv);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.created).toBe(30);
    expect(body.qrCodes).toHaveLength(30);
    const byName = new Map(
      body.qrCodes.map((qr: { details: { fullName: string } }) => [qr.details.fullName, qr]),
    );
    expect(byName.get('आरव शर्मा')).toMatchObject({
      type: 'CHILD',
      status: 'ASSIGNED',
      public: true,
      details: { medicalDetails: { bloodGroup: 'O_POSITIVE' } },
    });
    expect(byName.get('Mehta, Riya')).toMatchObject({
      details: {
        schoolContact: { name: 'Mehta, Priya', phoneNumber: '9876543210' },
        medicalDetails: { bloodGroup: 'AB_NEGATIVE', medicalHistory: 'Asthma,\nmild' },
      },
    });
    expect(byName.get('Kabir')).toMatchObject({
      details: { medicalDetails: { bloodGroup: 'DONT_KNOW' } },
    });
    // Blank optional cells are left out, as the form leaves them.
    expect(byName.get('Child 1')).toEqual(
      expect.objectContaining({
        details: {
          fullName: 'Child 1',
          schoolName: 'Sunrise School',
          schoolContact: { name: 'Priya', phoneNumber: '9876543210' },
          emergencyContact: { name: 'Rahul', phoneNumber: '9876543211' },
          medicalDetails: { bloodGroup: 'B_POSITIVE' },
        },
      }),
    );
    expect(await countCodes(headers)).toBe(30);
  });

  it('reads a file without BOM, with LF line ends, columns in any order and trailing blank rows', async () => {
    const { headers } = await newOwner('BUSINESS');
    const columns = [...bulkColumnsOf('LUGGAGE')].reverse();
    const row = {
      description: 'नीला सूटकेस',
      'ownerContact.name': 'Meera',
      'ownerContact.phoneNumber': '9876543210',
      'emergencyContact.name': 'Arjun',
      'emergencyContact.phoneNumber': '9876543211',
    } as Record<string, string>;
    const csv = `${columns.join(',')}\n${columns.map((c) => row[c]).join(',')}\n,,,,\n\n`;
    const res = await upload(headers, 'LUGGAGE', csv);
    expect(res.statusCode).toBe(201);
    expect(res.json().qrCodes[0].details.description).toBe('नीला सूटकेस');
  });

  it('creates nothing and lists every bad row with its file line and field messages', async () => {
    const { headers } = await newOwner('BUSINESS');
    const csv = [
      childHeader, // line 1
      childRow('Good One'), // 2
      ',Sunrise School,Priya,9876543210,Rahul,9876543211,B+,,,', // 3: name missing
      '"A name that is far too long",,Priya,9876543210,Rahul,9876543211,B+,,,', // 4: too long
      'Asha,,Priya,98765,Rahul,9876543211,B+,,,', // 5: bad phone
      '"Multi', // 6: a quoted newline: this row spans lines 6 and 7
      'line",,Priya,9876543210,Rahul,9876543211,Z+,,,', // 7: bad blood group
      'Ravi,"A school name longer than thirty",Priya,9876543210,,9876543211,,,,', // 8
      childRow('Good Two'), // 9
    ].join('\n');
    const res = await upload(headers, 'CHILD', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BULK_ROWS_INVALID',
      message:
        'Nothing was created: 5 rows of the file have errors. Correct them and upload the file again.',
      params: { count: 5 },
      rows: [
        { line: 3, fields: { fullName: 'Required' } },
        { line: 4, fields: { fullName: 'This field must be between 1 and 20 characters' } },
        { line: 5, fields: { 'schoolContact.phoneNumber': 'Phone number must be 10 digits' } },
        {
          line: 6,
          fields: {
            'medicalDetails.bloodGroup':
              "Blood group must be one of A+, A-, B+, B-, AB+, AB-, O+, O-, Don't Know",
          },
        },
        {
          line: 8,
          fields: {
            schoolName: 'School name must be at most 30 characters',
            'emergencyContact.name': 'Required',
            'medicalDetails.bloodGroup': 'Required',
          },
        },
      ],
    });
    expect(await countCodes(headers)).toBe(0);
  });

  it('refuses unknown, missing and doubled columns, naming each', async () => {
    const { headers } = await newOwner('BUSINESS');
    const columns = bulkColumnsOf('PERSON').filter((c) => c !== 'emergencyContact.name');
    const csv = `${[...columns, 'nickname', 'fullName'].join(',')}\nAsha,9876543210,O+,,,,Ash,Asha\n`;
    const res = await upload(headers, 'PERSON', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BULK_COLUMNS',
      message:
        "The file's header row must hold the template's columns. Download the template and keep its first row.",
      fields: {
        nickname: 'Unknown column',
        fullName: 'Column named twice',
        'emergencyContact.name': 'Missing column',
      },
    });
    expect(await countCodes(headers)).toBe(0);
  });

  it('refuses a cell beyond the header as an unknown column of that row', async () => {
    const { headers } = await newOwner('BUSINESS');
    const csv = `${childHeader}\n${childRow('Asha')},extra\n`;
    const res = await upload(headers, 'CHILD', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().rows).toEqual([{ line: 2, fields: { 'column 11': 'Unknown column' } }]);
  });

  it(`refuses more than ${BULK_MAX_ROWS} rows and creates nothing`, async () => {
    const { headers } = await newOwner('BUSINESS');
    const rows = Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => childRow(`Child ${i}`));
    const res = await upload(headers, 'CHILD', `${childHeader}\n${rows.join('\n')}\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BULK_TOO_MANY_ROWS',
      message: 'A file can hold up to 2000 rows; this one has 2001. Split it into smaller files.',
      params: { max: 2000, count: 2001 },
    });
    expect(await countCodes(headers)).toBe(0);
  });

  it('creates exactly 2,000 rows in one go', async () => {
    const { headers } = await newOwner('BUSINESS');
    const rows = Array.from({ length: BULK_MAX_ROWS }, (_, i) => childRow(`Child ${i}`));
    const res = await upload(headers, 'CHILD', `${childHeader}\n${rows.join('\n')}\n`);
    expect(res.statusCode).toBe(201);
    expect(res.json().created).toBe(2000);
    expect(await countCodes(headers)).toBe(2000);
  });

  it('keeps the Free plan to 2 codes: 3 rows create nothing, with the plan-limit answer', async () => {
    const { headers } = await newOwner();
    const csv = `${childHeader}\n${['A', 'B', 'C'].map((name) => childRow(name)).join('\n')}\n`;
    const res = await upload(headers, 'CHILD', csv);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'PLAN_QR_LIMIT',
      message:
        'Your Free plan allows up to 2 QR codes. Upgrade on the Pricing page to create more.',
      params: { plan: 'FREE', limit: 2 },
    });
    expect(await countCodes(headers)).toBe(0);
    // Two rows fit the Free plan.
    const two = `${childHeader}\n${childRow('A')}\n${childRow('B')}\n`;
    expect((await upload(headers, 'CHILD', two)).statusCode).toBe(201);
    expect(await countCodes(headers)).toBe(2);
  });

  it('refuses a header with no rows, a file that is not UTF-8, broken quotes and JSON', async () => {
    const { headers } = await newOwner('BUSINESS');
    const empty = await upload(headers, 'CHILD', `${childHeader}\n`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file has no rows under its header row.');

    const latin1 = Buffer.concat([
      Buffer.from(`${childHeader}\n`),
      Buffer.from([0x41, 0xe9, 0x0a]),
    ]);
    const notUtf8 = await upload(headers, 'CHILD', latin1);
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json().message).toBe('Save the file as CSV UTF-8 and upload it again.');

    const broken = await upload(headers, 'CHILD', `${childHeader}\n"Asha,,\n`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'BULK_CSV_INVALID' });

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/qr-codes/bulk?type=CHILD',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Send the file as text/csv.');
  });

  it(`limits an owner to ${bulkRateLimit.max} uploads in ${bulkRateLimit.windowSeconds / 60} minutes, others unaffected`, async () => {
    const { headers } = await newOwner('BUSINESS');
    await awaitFreshWindow(bulkRateLimit.windowSeconds);
    const statuses = [];
    for (let i = 0; i <= bulkRateLimit.max; i += 1) {
      statuses.push((await upload(headers, 'CHILD', `${childHeader}\n`)).statusCode);
    }
    expect(statuses.slice(0, bulkRateLimit.max)).toEqual(Array(bulkRateLimit.max).fill(400));
    expect(statuses.at(-1)).toBe(429);
    const other = await newOwner('BUSINESS');
    expect(
      (await upload(other.headers, 'CHILD', `${childHeader}\n${childRow('Asha')}\n`)).statusCode,
    ).toBe(201);
  });
});
