#!/usr/bin/env node
/**
 * The release step's commands (`pnpm release:version` runs both, see RELEASING.md):
 *   contract-release set-version   both contracts' info.version := the fixed group's version
 *   contract-release snapshot      openapi/released/<version>/ := the contracts and API reports
 */
import { groupVersion, setContractVersion, snapshotRelease } from '../release-snapshot.js';
import { repositoryRoot } from './repository-root.js';

const root = repositoryRoot();
const version = await groupVersion(root);
const command = process.argv[2];
if (command === 'set-version') {
  await setContractVersion(root, version);
  console.log(`openapi/openapi.yaml and openapi/admin.yaml: info.version ${version}`);
} else if (command === 'snapshot') {
  const dir = await snapshotRelease(root, version);
  console.log(`Release ${version} kept in ${dir.slice(root.length + 1)}/`);
} else {
  console.error('Usage: contract-release set-version | snapshot');
  process.exit(2);
}
