/**
 * An agent's tools for display. The admin contract lets them be JSON text as well as an array; text
 * that is not JSON is shown as it is rather than thrown during render, which would blank the page.
 */
export function agentTools(tools: unknown): unknown {
  if (typeof tools !== 'string') return tools ?? [];
  try {
    return JSON.parse(tools) as unknown;
  } catch {
    return tools;
  }
}
