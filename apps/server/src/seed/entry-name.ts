/**
 * A validation issue's JSON pointer as a person names the entry of a document: `/agents/0/name`
 * is `agents[0].name`, `/2/match` is `[2].match`, the document itself is `(document)`. Seed files
 * and the chat fixtures file report their problems this way.
 */
export function entryName(pointer: string): string {
  if (pointer === '') return '(document)';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((part, i) => (/^(?:0|[1-9][0-9]*)$/.test(part) ? `[${part}]` : `${i === 0 ? '' : '.'}${part}`))
    .join('');
}
