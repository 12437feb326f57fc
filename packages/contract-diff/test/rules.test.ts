/**
 * Each rule of the diff on its corpus pair (corpus.ts): the change is reported with its rule and
 * level, nothing else is, and an unchanged document reports nothing. README.md lists exactly the
 * corpus' rules.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { BUMP_OF, bumpFor } from '../src/change.js';
import { diffDocument } from '../src/document-diff.js';
import { loadContract } from '../src/load-contract.js';
import { formatMarkdown } from '../src/report.js';
import { baseDocument, CORPUS } from './corpus.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-diff-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes a document as YAML and loads it as the diff does (references resolved). */
async function load(name: string, document: object) {
  const file = join(dir, `${name}.yaml`);
  await writeFile(file, stringify(document));
  return loadContract(file);
}

describe('the contract diff on its corpus', () => {
  it('reports nothing for an unchanged document', async () => {
    const changes = diffDocument(
      'openapi',
      await load('same-a', baseDocument()),
      await load('same-b', baseDocument()),
    );
    expect(changes).toEqual([]);
  });

  it.each(CORPUS.map((entry, index) => [`${entry.rule}: ${entry.change}`, index] as const))(
    '%s',
    async (_, index) => {
      const entry = CORPUS[index]!;
      const before = baseDocument();
      entry.editBefore?.(before);
      const after = structuredClone(before);
      entry.edit(after);
      const changes = diffDocument(
        'openapi',
        await load(`before-${index}`, before),
        await load(`after-${index}`, after),
      );
      const found = changes.filter((change) => change.rule === entry.rule);
      expect(found.length, JSON.stringify(changes, null, 2)).toBeGreaterThan(0);
      expect(found.every((change) => change.level === entry.level)).toBe(true);
      const others = [...new Set(changes.map((change) => change.rule).filter((rule) => rule !== entry.rule))];
      expect(others.sort()).toEqual([...(entry.alsoReports ?? [])].sort());
      expect(bumpFor(found)).toBe(BUMP_OF[entry.level]);
    },
  );

  it('reports a sunset date with a deprecation', async () => {
    const after = baseDocument();
    Object.assign(after.paths['/things'].post, { deprecated: true, 'x-sunset': '2027-06-30' });
    const changes = diffDocument(
      'openapi',
      await load('sunset-a', baseDocument()),
      await load('sunset-b', after),
    );
    expect(changes.find((change) => change.rule === 'deprecated')?.deprecation).toEqual({
      sunset: '2027-06-30',
    });
  });

  it('lists deprecations with their dates in the markdown for a changeset', async () => {
    const dated = baseDocument();
    Object.assign(dated.paths['/things'].post, { deprecated: true, 'x-deprecated-at': '2026-01-15' });
    const markdown = formatMarkdown({
      base: '1.0.0',
      changes: diffDocument('openapi', await load('dated-a', baseDocument()), await load('dated-b', dated)),
      bump: 'minor',
    });
    expect(markdown).toContain('**Deprecated**\n\n- `POST /things (createThing)` since 2026-01-15');
  });

  it('sees no change when a schema moves into a component ($ref resolved)', async () => {
    const after = baseDocument();
    after.components.schemas.Size = { type: 'integer', minimum: 1, maximum: 100 };
    after.paths['/things'].post.requestBody.content['application/json'].schema.properties.size = {
      $ref: '#/components/schemas/Size',
    };
    expect(
      diffDocument('openapi', await load('moved-a', baseDocument()), await load('moved-b', after)),
    ).toEqual([]);
  });
});

describe("README.md's rules", () => {
  it('lists every rule of the corpus, and no other', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const listed = [...readme.matchAll(/^\| `([a-z-]+)` \|/gm)].map((match) => match[1]);
    const tested = [...new Set(CORPUS.flatMap((entry) => [entry.rule, ...(entry.alsoReports ?? [])]))];
    expect([...new Set(listed)].sort()).toEqual(tested.sort());
  });
});
