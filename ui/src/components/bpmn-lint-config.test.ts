/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintRules, spadeLintBundle } from './bpmn-lint-config';

describe('the editor lint rule set', () => {
  it('is pkg/bpmn/lint Recommended (less no-unresolved-reference, which the editor sees as import warnings)', () => {
    // The Go source of the rule set, read as text.
    const go = readFileSync(`${process.cwd()}/../pkg/bpmn/lint/lint.go`, 'utf8');
    const block = go.slice(go.indexOf('var Recommended = Config{'));
    const want: Record<string, string> = {};
    for (const m of block.slice(0, block.indexOf('\n}')).matchAll(/"([a-z-]+)":\s+(Error|Warn),/g)) {
      if (m[1] !== 'no-unresolved-reference') want[m[1]] = m[2] === 'Error' ? 'error' : 'warn';
    }
    expect(Object.keys(want).length).toBeGreaterThan(20);
    expect(lintRules).toEqual(want);
  });

  it('resolves every rule and refuses unknown ones', () => {
    for (const name of Object.keys(lintRules)) expect(typeof spadeLintBundle.resolver.resolveRule('bpmnlint', name)).toBe('function');
    expect(() => spadeLintBundle.resolver.resolveRule('bpmnlint', 'nope')).toThrow(/cannot resolve rule/);
  });
});
