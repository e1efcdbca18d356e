/**
 * The operator's settings: log format and level, how long to look for MongoDB, how long a shutdown
 * may take, where /metrics is served, and the database a connection string names.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/app-config.js';
import { configProblems } from '../support/config-problems.js';

describe('LOG_FORMAT', () => {
  it('defaults to pretty on a terminal and to json off one', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
  });

  it('defaults to json in production, even on a terminal', () => {
    const tokens = JSON.stringify([
      { name: 'ops', token: 'an-operator-token-0001', scopes: ['read'], schools: '*' },
    ]);
    expect(
      loadConfig({ NODE_ENV: 'production', MONGODB_URI: 'mongodb://db:27017', API_TOKENS: tokens }, true)
        .logFormat,
    ).toBe('json');
  });

  it('is taken as set, in any case', () => {
    expect(loadConfig({ LOG_FORMAT: 'JSON' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
  });

  it('rejects anything else, with the other problems', () => {
    expect(configProblems({ LOG_FORMAT: 'yaml', LOG_LEVEL: 'loud' })).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      'LOG_FORMAT must be pretty or json, got "yaml"',
    ]);
  });
});

describe('MONGODB_SERVER_SELECTION_TIMEOUT_MS and SHUTDOWN_TIMEOUT_MS', () => {
  it('default to 10 s and 25 s', () => {
    const config = loadConfig({}, false);
    expect(config.mongodbServerSelectionTimeoutMs).toBe(10_000);
    expect(config.shutdownTimeoutMs).toBe(25_000);
  });

  it('take whole milliseconds', () => {
    const config = loadConfig(
      { MONGODB_SERVER_SELECTION_TIMEOUT_MS: '250', SHUTDOWN_TIMEOUT_MS: '60000' },
      false,
    );
    expect(config.mongodbServerSelectionTimeoutMs).toBe(250);
    expect(config.shutdownTimeoutMs).toBe(60_000);
  });

  it('reject what is not', () => {
    expect(configProblems({ MONGODB_SERVER_SELECTION_TIMEOUT_MS: '2s', SHUTDOWN_TIMEOUT_MS: '0' })).toEqual([
      'MONGODB_SERVER_SELECTION_TIMEOUT_MS must be an integer from 1 to 600000, got "2s"',
      'SHUTDOWN_TIMEOUT_MS must be an integer from 1 to 3600000, got "0"',
    ]);
  });
});

describe('KEEP_ALIVE_TIMEOUT_MS and SHUTDOWN_GRACE_MS', () => {
  it('default to 5 s each: the grace covers the keep-alive timeout clients are told', () => {
    const config = loadConfig({}, false);
    expect(config.keepAliveTimeoutMs).toBe(5_000);
    expect(config.shutdownGraceMs).toBe(5_000);
  });

  it('the grace follows the keep-alive timeout unless set itself', () => {
    const config = loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '65000', SHUTDOWN_TIMEOUT_MS: '90000' }, false);
    expect(config.keepAliveTimeoutMs).toBe(65_000);
    expect(config.shutdownGraceMs).toBe(65_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '0' }, false).shutdownGraceMs).toBe(0);
  });

  it('reject what is not whole milliseconds in range', () => {
    expect(configProblems({ KEEP_ALIVE_TIMEOUT_MS: '500', SHUTDOWN_GRACE_MS: '5s' })).toEqual([
      'KEEP_ALIVE_TIMEOUT_MS must be an integer from 1000 to 3600000, got "500"',
      'SHUTDOWN_GRACE_MS must be an integer from 0 to 3600000, got "5s"',
    ]);
  });

  it('the grace must end before the shutdown timeout, set or defaulted', () => {
    expect(configProblems({ SHUTDOWN_GRACE_MS: '30000' })).toEqual([
      'SHUTDOWN_GRACE_MS (30000) must be less than SHUTDOWN_TIMEOUT_MS (25000): the grace is part of the shutdown',
    ]);
    expect(configProblems({ KEEP_ALIVE_TIMEOUT_MS: '65000' })).toEqual([
      'SHUTDOWN_GRACE_MS (65000, from KEEP_ALIVE_TIMEOUT_MS) must be less than SHUTDOWN_TIMEOUT_MS (25000): the grace is part of the shutdown',
    ]);
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('without METRICS_PORT, /metrics is on the API listener', () => {
    expect(loadConfig({}, false).metrics).toEqual({ listener: 'api' });
  });

  it('METRICS_PORT moves it to its own listener, on HOST unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '9464' }, false).metrics).toEqual({
      listener: 'separate',
      host: '0.0.0.0',
      port: 9464,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }, false).metrics).toEqual({
      listener: 'separate',
      host: '10.0.0.5',
      port: 9464,
    });
  });

  it('METRICS_PORT must be a port other than PORT', () => {
    expect(configProblems({ METRICS_PORT: 'http' })).toEqual([
      'METRICS_PORT must be an integer from 0 to 65535, got "http"',
    ]);
    expect(configProblems({ PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      'METRICS_PORT must differ from PORT',
    ]);
  });
});

describe('MONGODB_DB', () => {
  it('defaults to the database the connection string names, then to "school"', () => {
    expect(
      loadConfig({ MONGODB_URI: 'mongodb://u:p@db:27017/registry?authSource=admin' }, false).mongodbDb,
    ).toBe('registry');
    expect(
      loadConfig({ MONGODB_URI: 'mongodb+srv://cluster.example.net/?retryWrites=true' }, false).mongodbDb,
    ).toBe('school');
    expect(loadConfig({}, false).mongodbDb).toBe('school');
  });

  it('wins over the connection string when set', () => {
    expect(loadConfig({ MONGODB_URI: 'mongodb://db/registry', MONGODB_DB: 'other' }, false).mongodbDb).toBe(
      'other',
    );
  });
});

describe('PUBLIC_URL', () => {
  it('is taken as set, without a trailing slash', () => {
    expect(
      loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://school.example.org/api-host/' }, false).publicUrl,
    ).toEqual({ url: 'https://school.example.org/api-host', from: 'PUBLIC_URL' });
  });

  it('unset, is this machine’s address: a wildcard HOST becomes the loopback address', () => {
    const unset = (env: Record<string, string>) => loadConfig(env, false).publicUrl;
    expect(unset({})).toEqual({ url: 'http://127.0.0.1:3000', from: 'HOST and PORT' });
    expect(unset({ HOST: '0.0.0.0', PORT: '8080' })).toEqual({
      url: 'http://127.0.0.1:8080',
      from: 'HOST and PORT',
    });
    expect(unset({ HOST: '::' })).toEqual({ url: 'http://[::1]:3000', from: 'HOST and PORT' });
    expect(unset({ HOST: '10.0.0.5' })).toEqual({ url: 'http://10.0.0.5:3000', from: 'HOST and PORT' });
  });

  it('must be an http(s) URL', () => {
    expect(configProblems({ PUBLIC_URL: 'school.example.org' })).toEqual([
      'PUBLIC_URL must be an http(s) URL, got "school.example.org"',
    ]);
  });
});
