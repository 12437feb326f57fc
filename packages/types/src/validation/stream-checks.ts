/**
 * Checks a streamed answer event by event against the contract's `x-event-stream` description of
 * its media type (the chat stream's, in openapi.yaml): the `data:` of each event of a listed type is
 * that type's schema as JSON (`message` is an event without an `event:` field), the stream ends
 * with the event whose data is `done` or with a `terminal` event type, and nothing comes after.
 * Bad events are reported as one `stream-event` violation (the first one's issues, and how many
 * there were), an unfinished stream as `stream-end`. Each event costs one parse and one validation
 * of its own data, so a long stream is checked as it goes, in constant memory.
 */
import { ContractValidationError } from '../errors.js';
import type { ValidationIssue } from '../schema-types.js';
import type { ContractValidator } from './contract-validator.js';
import { parseJsonText } from './json-text.js';
import { type Violation, violation, withIssues } from './violation.js';

/** A media type's `x-event-stream` in the contract. */
export interface EventStreamSpec {
  /** The `data:` of the last event of a complete stream. */
  done: string;
  events: Record<string, { schema: unknown; terminal?: boolean }>;
}

export class StreamCheck {
  private count = 0;
  private ended = false;
  private bad = 0;
  private first: { index: number; message: string; issues: ValidationIssue[] } | undefined;

  constructor(
    private readonly validator: ContractValidator<string>,
    private readonly spec: EventStreamSpec,
  ) {}

  /** One event: its type (`event:`; undefined or `message` for a plain `data:` event) and data. */
  event(type: string | undefined, data: string): void {
    const index = this.count++;
    const kind = type === undefined || type === '' ? 'message' : type;
    if (this.ended) {
      this.report(index, 'comes after the end of the stream');
      return;
    }
    if (kind === 'message' && data === this.spec.done) {
      this.ended = true;
      return;
    }
    const declared = this.spec.events[kind];
    if (!declared) {
      const listed = Object.keys(this.spec.events).join(', ');
      this.report(index, `is of type "${kind}", which the contract does not list (${listed})`);
      return;
    }
    if (declared.terminal) this.ended = true;
    let value: unknown;
    try {
      value = parseJsonText(data, { maxValues: Number.POSITIVE_INFINITY, maxIssues: 0 }).value;
    } catch (error) {
      if (!(error instanceof ContractValidationError)) throw error;
      this.report(index, `has data that is not JSON: ${data.slice(0, 80)}`);
      return;
    }
    const { issues } = this.validator.validate(declared.schema, value);
    if (issues.length === 0) return;
    const name = String((declared.schema as { $ref?: unknown }).$ref ?? 'its schema').replace(/^.*\//, '');
    this.report(index, withIssues(`does not match ${name}`, issues), issues);
  }

  private report(index: number, message: string, issues: ValidationIssue[] = []): void {
    this.bad++;
    this.first ??= { index, message, issues };
  }

  /** The stream's violations, once it has ended (whether or not it was complete). */
  end(): Violation[] {
    const violations: Violation[] = [];
    if (this.first) {
      const more = this.bad > 1 ? ` (${this.bad - 1} more bad events)` : '';
      violations.push(
        violation(
          'stream-event',
          `event ${this.first.index + 1} of ${this.count} ${this.first.message}${more}`,
          this.first.issues,
        ),
      );
    }
    if (!this.ended) {
      const terminal = Object.entries(this.spec.events)
        .filter(([, event]) => event.terminal)
        .map(([name]) => `event: ${name}`);
      violations.push(
        violation(
          'stream-end',
          `the stream ended after ${this.count} events without \`data: ${this.spec.done}\`${terminal.length > 0 ? ` or a terminal \`${terminal.join('` or `')}\`` : ''}`,
        ),
      );
    }
    return violations;
  }
}
