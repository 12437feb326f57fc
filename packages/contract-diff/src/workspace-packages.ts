/**
 * The workspace's packages by name, with their folder and version, read from the folders
 * pnpm-workspace.yaml lists (`dir/*` patterns, as this repository writes them).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface WorkspacePackage {
  dir: string;
  version: string;
  private: boolean;
}

export async function workspacePackages(root: string): Promise<{ packages: Map<string, WorkspacePackage> }> {
  const { packages: patterns } = parse(await readFile(join(root, 'pnpm-workspace.yaml'), 'utf8')) as {
    packages: string[];
  };
  const packages = new Map<string, WorkspacePackage>();
  for (const pattern of patterns) {
    const parent = pattern.replace(/\/\*$/, '');
    const folders = pattern.endsWith('/*')
      ? (await readdir(join(root, parent)).catch(() => [])).map((name) => join(parent, name))
      : [parent];
    for (const dir of folders) {
      const text = await readFile(join(root, dir, 'package.json'), 'utf8').catch(() => undefined);
      if (!text) continue;
      const manifest = JSON.parse(text) as { name: string; version: string; private?: boolean };
      packages.set(manifest.name, { dir, version: manifest.version, private: manifest.private === true });
    }
  }
  return { packages };
}
