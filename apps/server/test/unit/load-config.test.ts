import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/index.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      database: { dialect: 'sqlite', path: './.data/assistant.sqlite' },
      rateLimit: { max: 600, windowMs: 60_000 },
      logLevel: 'info',
      bodyLimit: 10 * 1024 * 1024,
      engines: { chat: { kind: 'reference' }, embeddings: { kind: 'local' } },
    });
    expect(config.seedPath).toBeUndefined();
    expect(config.devToken).toBeUndefined();
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: ':memory:',
      ASSISTANT_SEED: 'seed.json',
      ASSISTANT_DEV_TOKEN: 'local-dev-token',
      RATE_LIMIT_MAX: '5',
      RATE_LIMIT_WINDOW_MS: '1000',
      LOG_LEVEL: 'warn',
      CHAT_ENGINE: 'openai',
      CHAT_UPSTREAM_URL: 'http://127.0.0.1:9000/v1',
      CHAT_UPSTREAM_API_KEY: 'sk-test',
      CHAT_MODEL_MAP: '{"svc-v1-blaze-20250318":"llama3"}',
      EMBEDDINGS_ENGINE: 'openai',
      EMBEDDINGS_UPSTREAM_URL: 'http://127.0.0.1:9001/v1',
      EMBEDDINGS_UPSTREAM_TIMEOUT_MS: '5000',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      seedPath: 'seed.json',
      devToken: 'local-dev-token',
      rateLimit: { max: 5, windowMs: 1000 },
      logLevel: 'warn',
      engines: {
        chat: {
          kind: 'openai',
          url: 'http://127.0.0.1:9000/v1',
          apiKey: 'sk-test',
          modelMap: { 'svc-v1-blaze-20250318': 'llama3' },
          timeoutMs: 60_000,
        },
        embeddings: { kind: 'openai', url: 'http://127.0.0.1:9001/v1', modelMap: {}, timeoutMs: 5000 },
      },
    });
  });

  it('refuses DATABASE_URL of a scheme other than postgres:, postgresql: and file:, and turns file: URLs into paths', () => {
    for (const url of ['mysql://localhost/app', 'http://x/y', 'sqlite://a.db']) {
      expect(() => loadConfig({ DATABASE_URL: url }), url).toThrow(/DATABASE_URL: .*not supported/);
    }
    expect(() => loadConfig({ DATABASE_URL: 'file:./a.sqlite?mode=ro' })).toThrow(/DATABASE_URL/);
    const path = (url: string) => loadConfig({ DATABASE_URL: url }).database;
    expect(path('file:///srv/data/a%20b.sqlite')).toEqual({
      dialect: 'sqlite',
      path: '/srv/data/a b.sqlite',
    });
    expect(path('file:./data/a.sqlite')).toEqual({ dialect: 'sqlite', path: './data/a.sqlite' });
    expect(path('./data/a.sqlite')).toEqual({ dialect: 'sqlite', path: './data/a.sqlite' });
    expect(path(':memory:')).toEqual({ dialect: 'sqlite', path: ':memory:' });
  });

  it('takes postgres: and postgresql: URLs as PostgreSQL, naming them without their password', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db.internal:6432/assistant?sslmode=require' })
        .database,
    ).toEqual({
      dialect: 'postgres',
      url: 'postgres://app:s3cret@db.internal:6432/assistant?sslmode=require',
      display: 'postgres://app@db.internal:6432/assistant',
      server: 'db.internal:6432',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/assistant' }).database).toMatchObject({
      dialect: 'postgres',
      display: 'postgresql://localhost/assistant',
      server: 'localhost:5432',
    });
    // A URL that does not parse is refused without repeating it (it may hold a password).
    let message = '';
    try {
      loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db:port/x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/DATABASE_URL: is not a valid postgres:\/\/ URL/);
    expect(message).not.toContain('s3cret');
  });

  it('reads REDIS_URL, REDIS_FAILURE and REDIS_PREFIX: nothing shared without the URL, which is named without its password', () => {
    expect(loadConfig({ REDIS_FAILURE: 'closed' }).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://:s3cret@cache.internal:6380/2' }).redis).toEqual({
      url: 'redis://:s3cret@cache.internal:6380/2',
      display: 'redis://cache.internal:6380/2',
      failure: 'open',
      prefix: 'assistant-platform:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://app:pw@cache', REDIS_FAILURE: 'closed', REDIS_PREFIX: 'staging:' })
        .redis,
    ).toMatchObject({ display: 'rediss://app@cache', failure: 'closed', prefix: 'staging:' });
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };
    expect(refusal({ REDIS_URL: 'http://cache:6379' })).toMatch(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(refusal({ REDIS_URL: 'redis://cache:6379/queue' })).toMatch(
      /REDIS_URL: may have only a database number/,
    );
    const unparsable = refusal({ REDIS_URL: 'redis://:s3cret@cache:port' });
    expect(unparsable).toMatch(/REDIS_URL: is not a valid redis:\/\/ URL/);
    expect(unparsable).not.toContain('s3cret');
    expect(refusal({ REDIS_URL: 'redis://cache', REDIS_FAILURE: 'sometimes' })).toMatch(/REDIS_FAILURE/);
    expect(refusal({ REDIS_URL: 'redis://cache', REDIS_PREFIX: 'has space' })).toMatch(/REDIS_PREFIX/);
  });

  it('reads TRUST_PROXY: nobody by default, the proxies in front, so many hops, or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'the balancer' })).toThrow(/TRUST_PROXY: must be true, false/);
  });

  it('reads CORS_ORIGINS: any origin by default, or the listed ones; a non-origin stops start-up', () => {
    expect(loadConfig({}).corsOrigins).toBe('*');
    expect(
      loadConfig({ CORS_ORIGINS: 'http://localhost:5173,https://app.example.com/' }).corsOrigins,
    ).toEqual(['http://localhost:5173', 'https://app.example.com']);
    expect(() => loadConfig({ CORS_ORIGINS: 'localhost:5173' })).toThrow(/CORS_ORIGINS: "localhost:5173"/);
  });

  it('stops with a message naming every bad variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        RATE_LIMIT_MAX: '0',
        LOG_LEVEL: 'loud',
        CHAT_ENGINE: 'openai',
        CHAT_MODEL_MAP: '[1]',
      });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of ['PORT', 'RATE_LIMIT_MAX', 'LOG_LEVEL', 'CHAT_MODEL_MAP'])
      expect(message).toContain(name);
  });

  it('requires an upstream URL for an openai engine', () => {
    expect(() => loadConfig({ CHAT_ENGINE: 'openai' })).toThrow(/CHAT_UPSTREAM_URL: is required/);
    expect(() => loadConfig({ EMBEDDINGS_ENGINE: 'openai', EMBEDDINGS_UPSTREAM_URL: 'ftp://x' })).toThrow(
      /EMBEDDINGS_UPSTREAM_URL/,
    );
  });

  it('reads the admin API’s variables: the journal’s caps, the fault seed, the chat fixtures file', () => {
    expect(loadConfig({})).toMatchObject({
      journal: { max: 1000, totalMax: 4000, bodyMaxBytes: 16_384 },
      faultSeed: 1,
    });
    expect(loadConfig({}).chatFixturesPath).toBeUndefined();
    expect(
      loadConfig({
        JOURNAL_MAX: '0',
        JOURNAL_TOTAL_MAX: '20',
        JOURNAL_BODY_MAX_BYTES: '10',
        FAULT_SEED: '42',
        CHAT_FIXTURES: 'fixtures.json',
      }),
    ).toMatchObject({
      journal: { max: 0, totalMax: 20, bodyMaxBytes: 10 },
      faultSeed: 42,
      chatFixturesPath: 'fixtures.json',
    });
    for (const [name, value] of [
      ['JOURNAL_MAX', '-1'],
      ['JOURNAL_MAX', 'many'],
      ['JOURNAL_TOTAL_MAX', '0'],
      ['JOURNAL_BODY_MAX_BYTES', '1.5'],
      ['FAULT_SEED', '-3'],
    ] as const)
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}: `));
  });

  it('reads FEATURES_OFF: every feature on by default, the named ones off (the journal’s as JOURNAL_MAX=0), an unknown name refused', () => {
    expect(loadConfig({}).featuresOff).toEqual(new Set());
    expect(loadConfig({ FEATURES_OFF: '' }).featuresOff).toEqual(new Set());
    const lean = loadConfig({ FEATURES_OFF: 'faults, metrics,account-admission,journal', JOURNAL_MAX: '50' });
    expect(lean.featuresOff).toEqual(new Set(['faults', 'metrics', 'account-admission', 'journal']));
    expect(lean.journal.max).toBe(0);
    expect(loadConfig({ FEATURES_OFF: 'metrics', JOURNAL_MAX: '50' }).journal.max).toBe(50);
    expect(() => loadConfig({ FEATURES_OFF: 'faults,idempotency' })).toThrow(
      /FEATURES_OFF: unknown feature idempotency: name some of journal, faults, metrics, account-admission/,
    );
  });

  it('reads the proxy mode’s variables, refusing a target that is not a platform base URL', () => {
    expect(loadConfig({}).proxy).toBeUndefined();
    expect(
      loadConfig({
        PROXY_TARGET: 'https://api.example.com/v1/',
        PROXY_RECORD_DIR: 'cassettes',
        PROXY_TIMEOUT_MS: '5000',
        RECORD_REDACT_HEADERS: 'X-Api-Key, x-session',
        RECORD_REDACT_QUERY: 'Session_ID, otp',
      }).proxy,
    ).toEqual({
      target: 'https://api.example.com/v1',
      recordDir: 'cassettes',
      timeoutMs: 5000,
      redactHeaders: ['x-api-key', 'x-session'],
      redactQuery: ['session_id', 'otp'],
    });
    expect(loadConfig({ PROXY_TARGET: 'http://127.0.0.1:4010/api/v1' }).proxy).toMatchObject({
      target: 'http://127.0.0.1:4010/api/v1',
      timeoutMs: 60_000,
      redactHeaders: [],
      redactQuery: [],
    });
    for (const [target, message] of [
      ['api.example.com/v1', /must be a URL/],
      ['ftp://api.example.com/v1', /http: or https:/],
      ['https://api.example.com', /must end in \/v1/],
      ['https://api.example.com/v1?key=1', /no query/],
      ['https://user:secret@api.example.com/v1', /credentials/],
    ] as const)
      expect(() => loadConfig({ PROXY_TARGET: target }), target).toThrow(message);
    expect(() => loadConfig({ PROXY_RECORD_DIR: 'c' })).toThrow(/PROXY_RECORD_DIR: .*set PROXY_TARGET/);
    expect(() => loadConfig({ PROXY_TARGET: 'http://h/v1', RECORD_REDACT_HEADERS: 'a b' })).toThrow(
      /RECORD_REDACT_HEADERS/,
    );
    expect(() => loadConfig({ PROXY_TARGET: 'http://h/v1', RECORD_REDACT_QUERY: 'a=b' })).toThrow(
      /RECORD_REDACT_QUERY/,
    );
  });

  it('reads the replay mode’s variables, which exclude the proxy mode', () => {
    expect(loadConfig({ REPLAY_DIR: 'cassettes' }).replay).toEqual({
      dir: 'cassettes',
      ignore: [],
      speed: 1,
      miss: 'error',
    });
    expect(
      loadConfig({
        REPLAY_DIR: 'c',
        REPLAY_IGNORE: 'seed, /message/content/0/text',
        REPLAY_SPEED: '0',
        REPLAY_MISS: 'engine',
      }).replay,
    ).toEqual({ dir: 'c', ignore: ['seed', '/message/content/0/text'], speed: 0, miss: 'engine' });
    expect(() => loadConfig({ REPLAY_DIR: 'c', REPLAY_MISS: 'guess' })).toThrow(/REPLAY_MISS/);
    expect(() => loadConfig({ REPLAY_DIR: 'c', REPLAY_SPEED: '-1' })).toThrow(/REPLAY_SPEED/);
    expect(() => loadConfig({ REPLAY_DIR: 'c', PROXY_TARGET: 'http://h/v1' })).toThrow(
      /REPLAY_DIR: .*choose one/,
    );
  });
});
