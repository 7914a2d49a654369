/**
 * Every query key of the web app in one place, so a mutation invalidates
 * exactly what it changed. Keys start with what the data is about; ids
 * follow.
 */
export const queryKeys = {
  recent: (kind: string) => ['recent', kind] as const,
  analysis: (kind: string, id: string) => ['analysis', kind, id] as const,
  graph: (id: string) => ['graph', id] as const,
  bpmn: (id: string, version: number) => ['bpmn', id, version] as const,
  processModel: (id: string, version: number | undefined) => ['process-model', id, version ?? 1] as const,
  source: (id: string) => ['source', id] as const,
  membership: (userId: string | null) => ['membership', userId ?? ''] as const,
  apiKey: (userId: string | null) => ['api-key', userId ?? ''] as const,
  tokens: ['tokens'] as const,
  ops: ['ops'] as const,
} as const;
