/**
 * A client the project did not write: Python's standard library (`urllib.request`, and `json.dumps`
 * with its default `", "` separators and `ensure_ascii=True`, the bytes `requests` and `httpx` send
 * for `json=`). `python3` on PATH, or `PYTHON`; without one a suite is skipped, saying why, except
 * in CI (`CI=true`), where it fails.
 */
import { spawn, spawnSync } from 'node:child_process';

const PYTHON = process.env.PYTHON ?? 'python3';

/** The Python to run, or undefined (with the reason printed) to skip `suite`; throws in CI. */
export function pythonForSuite(suite: string): string | undefined {
  const found = spawnSync(PYTHON, ['--version'], { encoding: 'utf8' });
  if (found.status === 0) return PYTHON;
  const missing = `no ${PYTHON} to run (set PYTHON to another)`;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`${suite}: CI needs Python for the non-Node client tests, but ${missing}`);
  console.warn(`${suite} skipped: ${missing}`);
  return undefined;
}

export interface PythonRequest {
  method: string;
  path: string;
  token: string;
  /** Sent as `json.dumps(body)`, with `content-type: application/json`. */
  body?: unknown;
}

export interface PythonAnswer {
  status: number;
  contentType: string | null;
  /** The answer's body as text. */
  body: string;
  /** The exact body text Python sent, when it sent one. */
  sent: string | null;
}

const SCRIPT = `
import json, sys, urllib.request, urllib.error
base, requests = sys.argv[1], json.load(sys.stdin)
answers = []
for r in requests:
    data = json.dumps(r['body']) if 'body' in r else None
    request = urllib.request.Request(base + r['path'], method=r['method'],
        data=None if data is None else data.encode('ascii'),
        headers={'Authorization': 'Bearer ' + r['token'],
                 **({} if data is None else {'Content-Type': 'application/json'})})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read()
    answers.append({'status': status, 'contentType': headers.get('content-type'),
                    'body': body.decode('utf-8'), 'sent': data})
json.dump(answers, sys.stdout)
`;

/** Sends `requests` one after another from a Python process to `origin`; their answers, in order. */
export function pythonRequests(
  python: string,
  origin: string,
  requests: readonly PythonRequest[],
): Promise<PythonAnswer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ['-c', SCRIPT, origin], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`python exited ${code}: ${Buffer.concat(err).toString()}`));
      else resolve(JSON.parse(Buffer.concat(out).toString()) as PythonAnswer[]);
    });
    child.stdin.end(JSON.stringify(requests));
  });
}
