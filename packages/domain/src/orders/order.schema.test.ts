import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../testing/field-errors.ts';
import {
  createOrderInputSchema,
  merchantOrderIdSchema,
  orderSchema,
  orderStates,
  orderStatusAnswerSchema,
} from './order.schema.ts';

describe('createOrderInputSchema', () => {
  it('accepts a known plan', () => {
    expect(createOrderInputSchema.parse({ planType: 'BASIC' })).toEqual({ planType: 'BASIC' });
    expect(createOrderInputSchema.parse({ planType: 'PREMIUM', billingPeriod: 'YEARLY' })).toEqual({
      planType: 'PREMIUM',
      billingPeriod: 'YEARLY',
    });
  });

  it.each([
    ['a missing plan', {}, { planType: 'Required' }],
    ['an unknown plan', { planType: 'GOLD' }, { planType: 'Invalid value' }],
    ['an amount from the client', { planType: 'BASIC', amount: 1 }, { amount: 'Invalid value' }],
    [
      'a period for Basic',
      { planType: 'BASIC', billingPeriod: 'MONTHLY' },
      { billingPeriod: 'Basic is a one-time payment: send no billing period.' },
    ],
    [
      'Premium without a period',
      { planType: 'PREMIUM' },
      { billingPeriod: 'Choose MONTHLY or YEARLY billing for Premium and Business.' },
    ],
    [
      'an unknown period',
      { planType: 'BUSINESS', billingPeriod: 'WEEKLY' },
      { billingPeriod: 'Invalid value' },
    ],
  ])('rejects %s', (_label, value, fields) => {
    expect(fieldErrors(createOrderInputSchema, value)).toEqual(fields);
  });
});

describe('merchantOrderIdSchema', () => {
  it.each([
    ['a', true],
    ['MO_abc-123', true],
    ['x'.repeat(63), true],
    ['x'.repeat(64), false],
    ['', false],
    ['a b', false],
    ['a/b', false],
  ])('%j valid: %s', (id, expected) => {
    expect(merchantOrderIdSchema.safeParse(id).success).toBe(expected);
  });
});

describe('orderSchema', () => {
  const order = {
    merchantOrderId: 'MO_1',
    planType: 'BASIC',
    billingPeriod: null,
    orderStatus: 'PENDING',
    amount: 24_900,
    createdAt: '2025-01-02T03:04:05.000Z',
  };

  it('accepts an order', () => {
    expect(orderSchema.safeParse(order).success).toBe(true);
  });

  it.each([
    ['a fractional amount', { amount: 249.5 }],
    ['an unknown status', { orderStatus: 'REFUNDED' }],
    ['a non-ISO date', { createdAt: '2 Jan 2025' }],
  ])('rejects %s', (_label, change) => {
    expect(orderSchema.safeParse({ ...order, ...change }).success).toBe(false);
  });

  it.each(orderStates)('accepts the payment state %s', (state) => {
    expect(orderStatusAnswerSchema.parse({ state })).toEqual({ state });
  });
});
