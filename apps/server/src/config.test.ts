import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for the embedded demo', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemoData).toBe(true);
  });

  it('names every bad variable and never echoes its value', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://user:hunter2@db/shop',
        LOG_LEVEL: 'loud',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('LOG_LEVEL');
    expect(message).not.toContain('hunter2');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('derives the public URL from the port and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.com/' }).publicUrl).toBe(
      'https://shop.example.com',
    );
  });

  it('cancels unpaid orders after 48 hours, sweeping every 10 minutes, unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      unpaidOrderTtlHours: 48,
      orderSweepIntervalMinutes: 10,
    });
    expect(
      loadConfig({ UNPAID_ORDER_TTL_HOURS: '0.5', ORDER_SWEEP_INTERVAL_MINUTES: '1' }),
    ).toMatchObject({ unpaidOrderTtlHours: 0.5, orderSweepIntervalMinutes: 1 });
  });

  it.each([
    ['UNPAID_ORDER_TTL_HOURS', '0'],
    ['UNPAID_ORDER_TTL_HOURS', '-1'],
    ['UNPAID_ORDER_TTL_HOURS', 'soon'],
    ['ORDER_SWEEP_INTERVAL_MINUTES', '0'],
    ['ORDER_SWEEP_INTERVAL_MINUTES', '2.5'],
  ])('refuses %s=%s by name', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('reads the contact address and the invoice retention, 10 years unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ contactEmail: undefined, invoiceRetentionYears: 10 });
    expect(
      loadConfig({ CONTACT_EMAIL: ' Shop@Example.com ', INVOICE_RETENTION_YEARS: '7' }),
    ).toMatchObject({ contactEmail: 'shop@example.com', invoiceRetentionYears: 7 });
  });

  it.each([
    ['CONTACT_EMAIL', 'not-an-address'],
    ['INVOICE_RETENTION_YEARS', '0'],
    ['INVOICE_RETENTION_YEARS', '2.5'],
    ['INVOICE_RETENTION_YEARS', 'forever'],
    ['SELLER_TAX_ID', 'x'.repeat(41)],
  ])('refuses %s=%s by name', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
