/**
 * The deployment users copy (compose.yaml, deploy/haproxy.cfg, Dockerfile) against the server it
 * deploys, so a renamed variable or service cannot leave the files silently wrong: every variable
 * compose sets for an instance is one the server reads and accepts, the instances run one image built
 * once, the balancer sends to exactly the instances, and the gateway calls the balancer. And every
 * way the server is started here starts Node with the options it ships with (node-options.json).
 * (tests/containers runs the files for real on Docker.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_ENV_VARIABLES } from '../../src/config/load-config.js';
import { loadConfig } from '../../src/index.js';

const root = new URL('../../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface Service {
  build?: { target?: string };
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  stop_grace_period?: string;
  volumes?: string[];
  depends_on?: Record<string, unknown>;
}
// compose.yaml shares the instances' settings through a YAML merge key (`<<: *server`).
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
const built = (target: string) => services.filter(([, service]) => service.build?.target === target);
const serverImage = built('server')[0]?.[1].image;
const instances = services.filter(
  ([, service]) => serverImage !== undefined && service.image === serverImage,
);

describe('compose.yaml', () => {
  it('runs two server instances on PostgreSQL and Redis, behind the balancer, and the gateway', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['balancer', 'gateway', 'postgres', 'redis', 'server-1', 'server-2'].sort(),
    );
    expect(instances.map(([name]) => name)).toEqual(['server-1', 'server-2']);
    // One build of the server's image, which both instances run (a cold `up --build` builds it once).
    expect(built('server').map(([name]) => name)).toEqual(['server-1']);
    expect(built('gateway').map(([name]) => name)).toEqual(['gateway']);
  });

  it('sets only variables the server reads, with values it accepts', () => {
    for (const [, instance] of instances) {
      const env = instance.environment ?? {};
      expect(Object.keys(env).filter((name) => !SERVER_ENV_VARIABLES.includes(name))).toEqual([]);
      const config = loadConfig(env);
      expect(config.database.dialect).toBe('postgres');
      expect(config.redis).toMatchObject({ display: 'redis://redis:6379', failure: 'open' });
      expect(config.trustProxy).toBe(1);
    }
  });

  it('has the gateway call the balancer, which sends to every instance and nothing else', () => {
    const port = instances[0]?.[1].environment?.PORT;
    const config = read('deploy/haproxy.cfg');
    // Each address is an environment variable (the suites give their own) defaulting to compose's.
    const upstreams = [...config.matchAll(/^\s*server ([\w-]+) "\$\{SERVER_\d+-([\w-]+):(\d+)\}"/gm)];
    expect(upstreams.map(([, name, host, at]) => `${name}=${host}:${at}`)).toEqual(
      instances.map(([name]) => `${name}=${name}:${port}`),
    );
    expect(config).toContain(`bind "\${BALANCER_ADDRESS-:${port}}"`);
    // It starts with whichever instances are up (it checks them itself): it waits for none.
    expect(Object.keys(compose.services.balancer?.depends_on ?? {})).toEqual([]);
    // The official haproxy image reads its configuration from /usr/local/etc/haproxy.
    expect(compose.services.balancer?.volumes).toContain('./deploy:/usr/local/etc/haproxy:ro');
    expect(compose.services.gateway?.environment?.UPSTREAM_BASE_URL).toBe(`http://balancer:${port}/v1`);
  });

  it('lets an instance drain before Docker kills it, and outlasts the balancer’s idle connections', () => {
    for (const [, instance] of instances) {
      const config = loadConfig(instance.environment ?? {});
      const grace = Number(/^(\d+)s$/.exec(instance.stop_grace_period ?? '10s')?.[1]) * 1000;
      // DRAIN_DELAY_MS, as long again while requests still come, DRAIN_TIMEOUT_MS, a last second.
      expect(grace).toBeGreaterThan(2 * config.drain.delayMs + config.drain.timeoutMs + 1000);
      // deploy/haproxy.cfg closes its idle connections to an instance within about 10 s.
      expect(config.timeouts.keepAliveMs).toBeGreaterThan(10_000);
    }
  });

  it('builds targets the Dockerfile has', () => {
    const stages = [...read('Dockerfile').matchAll(/^FROM \S+ AS (\S+)$/gm)].map(([, stage]) => stage);
    for (const [, service] of services)
      if (service.build?.target !== undefined) expect(stages).toContain(service.build.target);
  });
});

describe('the Node options the server ships with (node-options.json)', () => {
  const options: string[] = JSON.parse(read('apps/server/node-options.json')).options;
  const manifest = JSON.parse(read('apps/server/package.json')) as {
    scripts: Record<string, string>;
    files: string[];
  };

  it('holds the heap floor that keeps floods of discarded bodies from starting full collections', () => {
    expect(options).toContain('--initial-old-space-size=128');
  });

  it('starts the image’s server with them', () => {
    const stage = read('Dockerfile')
      .split(/^FROM /m)
      .find((part) => / AS server$/m.test(part.split('\n')[0] ?? ''));
    const entrypoint = /^ENTRYPOINT (\[.*\])$/m.exec(stage ?? '')?.[1];
    expect(JSON.parse(entrypoint ?? '[]')).toEqual(['node', ...options, 'dist/cli.js']);
  });

  it('starts the package’s `start` script with them, and ships the file', () => {
    expect(manifest.scripts.start).toBe(['node', ...options, 'dist/cli.js', 'serve'].join(' '));
    expect(manifest.files).toContain('node-options.json');
  });
});
