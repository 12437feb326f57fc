import { describe, expect, it } from 'vitest';
import { agentTools } from '../src/lib/agent-tools.js';

describe("an agent's tools for display", () => {
  const tools = [{ type: 'svc_tool', svc_tool: 'web_search_tool' }];

  it('shows an array as it is, and none as an empty list', () => {
    expect(agentTools(tools)).toEqual(tools);
    expect(agentTools(undefined)).toEqual([]);
  });

  it('parses tools given as JSON text', () => {
    expect(agentTools(JSON.stringify(tools))).toEqual(tools);
  });

  it('shows text that is not JSON as the text it is, instead of throwing', () => {
    expect(agentTools('[{"type": "svc_tool",')).toBe('[{"type": "svc_tool",');
  });
});
