/** The request list's filter fields: method, path, status, token name and text in a body. */
import type { RequestFilter } from '../../lib/request-filter.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export function RequestFilters({
  filter,
  onChange,
}: {
  filter: RequestFilter;
  onChange: (filter: RequestFilter) => void;
}) {
  const set = (field: keyof RequestFilter) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...filter, [field]: event.currentTarget.value });
  return (
    <form class="filters" aria-label="Filter requests" onSubmit={(event) => event.preventDefault()}>
      <label>
        Method
        <select value={filter.method} onChange={set('method')}>
          <option value="">any</option>
          {METHODS.map((method) => (
            <option key={method}>{method}</option>
          ))}
        </select>
      </label>
      <label>
        Path
        <input value={filter.path} onInput={set('path')} placeholder="/v1/agents*" />
      </label>
      <label>
        Status
        <input value={filter.status} onInput={set('status')} placeholder="503 or 5xx" inputMode="numeric" />
      </label>
      <label>
        Token name
        <input value={filter.tokenName} onInput={set('tokenName')} />
      </label>
      <label>
        Body contains
        <input type="search" value={filter.body} onInput={set('body')} placeholder="text, any case" />
      </label>
    </form>
  );
}
