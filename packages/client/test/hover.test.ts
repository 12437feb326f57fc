/**
 * What an editor shows for the SDK's results, asked of TypeScript's language service over the built
 * declarations (what a user's editor reads): a result's type by its name, not its structure, and
 * each property with the contract's description, `$ref`s included.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const file = fileURLToPath(new URL('./hover-sample.ts', import.meta.url));
const sample = `
import { createAssistantClient } from '../dist/index.js';
const client = createAssistantClient({ baseUrl: 'http://127.0.0.1:4010/v1', token: 't' });
const body = { name: 'n', description: '', instruction: 'i', intents: [], message: { role: 'user' as const, content: [] } };
export async function sample() {
  const agent = await client.agents.get(1);
  const created = await client.agents.create({ name: 'n', instruction: 'i' });
  const result = await client.agents.chat(body);
  const vectors = await client.embeddings.create(['a']);
  return [agent.name, agent.tools, created.agentReferenceId, result.request, vectors.embeddings];
}
`;

function languageService(): ts.LanguageService {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  };
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = name === file ? sample : ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => fileURLToPath(new URL('.', import.meta.url)),
    getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
    fileExists: (name) => name === file || ts.sys.fileExists(name),
    readFile: (name) => (name === file ? sample : ts.sys.readFile(name)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host);
}

const service = languageService();

/** The hover of the `occurrence`-th (0-based) place `text` appears in the sample. */
function hover(text: string, occurrence = 0): { shown: string; documentation: string } {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = sample.indexOf(text, at + 1);
  const info = service.getQuickInfoAtPosition(file, at);
  return {
    shown: ts.displayPartsToString(info?.displayParts),
    documentation: ts.displayPartsToString(info?.documentation),
  };
}

describe('hovering the SDK’s results', () => {
  it('compiles', () => {
    const problems = service
      .getSemanticDiagnostics(file)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });

  it('shows each result by its contract name', () => {
    expect(hover('agent =').shown).toBe('const agent: Agent');
    expect(hover('created =').shown).toBe('const created: AgentSummary');
    expect(hover('result =').shown).toBe('const result: ChatResult');
    expect(hover('vectors =').shown).toBe('const vectors: EmbeddingsResult');
  });

  it('documents a property with its own description or its $ref target’s', () => {
    const name = hover('name,');
    expect(name.shown).toBe('(property) Agent.name: string');
    expect(name.documentation).toBe("The agent's name, 1–200 characters. Names need not be unique.");
    const reference = hover('agentReferenceId,');
    expect(reference.documentation).toBe('UUID-shaped identifier, usable wherever the numeric id is.');
    expect(hover('tools,').shown).toBe('(property) Agent.tools: Tools');
    expect(hover('embeddings]').documentation).toBe('One L2-normalised vector per sentence, in input order.');
  });
});
