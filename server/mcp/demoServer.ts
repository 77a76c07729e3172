import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * The gateway's own MCP server (docs/mcp.md#the-demo-server), as the echo provider is its own model: a few harmless
 * tools that answer offline, so a newcomer can try the MCP gateway without any other server. The demo's seed registers
 * it for every team (`builtin:demo`); it runs in the gateway's process, reached through an in-memory transport.
 */
export const DEMO_SERVER_URL = 'builtin:demo';

interface DemoTool {
  tool: Tool;
  run(args: Record<string, unknown>): CallToolResult;
}

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const refused = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

const stringArgument = (args: Record<string, unknown>, name: string) =>
  typeof args[name] === 'string' ? (args[name] as string) : null;

const DEMO_TOOLS: DemoTool[] = [
  {
    tool: {
      name: 'echo',
      title: 'Echo',
      description: 'Returns its text argument unchanged.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string', description: 'What to send back.' } },
        required: ['text'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run(args) {
      const value = stringArgument(args, 'text');
      return value === null ? refused('echo takes a string argument "text".') : text(value);
    },
  },
  {
    tool: {
      name: 'add',
      title: 'Add',
      description: 'Adds two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run({ a, b }) {
      if (typeof a !== 'number' || typeof b !== 'number') return refused('add takes two numbers, "a" and "b".');
      return text(String(a + b));
    },
  },
  {
    tool: {
      name: 'word_count',
      title: 'Word count',
      description: 'Counts the words of a text.',
      inputSchema: {
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    run(args) {
      const value = stringArgument(args, 'text');
      if (value === null) return refused('word_count takes a string argument "text".');
      return text(String(value.split(/\s+/).filter(Boolean).length));
    },
  },
];

/** A new demo server, to connect to one transport (an SDK server serves one connection). */
export function createDemoServer(): Server {
  const server = new Server({ name: 'ai-model-gateway-demo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: DEMO_TOOLS.map((demo) => demo.tool) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const demo = DEMO_TOOLS.find((candidate) => candidate.tool.name === request.params.name);
    if (!demo) return refused(`The demo server has no tool ${request.params.name}.`);
    return demo.run(request.params.arguments ?? {});
  });
  return server;
}
