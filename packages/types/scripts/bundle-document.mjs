// The admin contract refers to the platform's components (`./openapi.yaml#/components/...`). The
// types, the validator and the docs page want one self-contained document, so each component it
// reaches there is copied in under its own name, and every reference made local.

const EXTERNAL = /^\.\/openapi\.yaml#\/components\/([A-Za-z]+)\/([A-Za-z0-9_.-]+)$/;

/** `document` with every reference into `platform` replaced by a local copy of its component. */
export function bundleDocument(document, platform) {
  const bundled = structuredClone(document);
  bundled.components ??= {};
  const pending = [];
  const localise = (node) => {
    if (Array.isArray(node)) return node.forEach(localise);
    if (node === null || typeof node !== 'object') return;
    const match = typeof node.$ref === 'string' ? EXTERNAL.exec(node.$ref) : null;
    if (match) {
      const [, kind, name] = match;
      node.$ref = `#/components/${kind}/${name}`;
      pending.push([kind, name]);
    }
    Object.values(node).forEach(localise);
  };
  // A platform component refers to others with local refs: those come along too.
  const copyLocalRefs = (node) => {
    if (Array.isArray(node)) return node.forEach(copyLocalRefs);
    if (node === null || typeof node !== 'object') return;
    const local = typeof node.$ref === 'string' ? /^#\/components\/([A-Za-z]+)\/(.+)$/.exec(node.$ref) : null;
    if (local) pending.push([local[1], local[2]]);
    Object.values(node).forEach(copyLocalRefs);
  };
  localise(bundled);
  const copied = new Set();
  while (pending.length > 0) {
    const [kind, name] = pending.pop();
    if (copied.has(`${kind}/${name}`)) continue;
    copied.add(`${kind}/${name}`);
    const component = platform.components?.[kind]?.[name];
    if (component === undefined) throw new Error(`openapi.yaml has no components.${kind}.${name}`);
    bundled.components[kind] ??= {};
    if (bundled.components[kind][name] !== undefined) {
      throw new Error(`admin.yaml's components.${kind}.${name} would hide the platform's of that name`);
    }
    bundled.components[kind][name] = structuredClone(component);
    copyLocalRefs(component);
  }
  return bundled;
}
