import { expect } from 'vitest';
import { WebSocket } from 'ws';
import type { components } from '../../src/api/schema.d.ts';

type ImServerMessage = components['schemas']['ImServerMessage'];
type ImMessage = components['schemas']['ImMessage'];

/** One /im connection: answers by frame id, pushes in order of arrival; every frame checked against the contract. */
export class ImClient {
  readonly pushes: ImServerMessage[] = [];
  readonly #answers = new Map<number, (frame: ImServerMessage) => void>();
  #nextId = 1;
  private constructor(
    readonly ws: WebSocket,
    validate: (value: unknown) => boolean,
  ) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ImServerMessage;
      expect(validate(frame), JSON.stringify(frame)).toBe(true);
      if ('id' in frame && this.#answers.has(frame.id)) {
        this.#answers.get(frame.id)!(frame);
        this.#answers.delete(frame.id);
      } else this.pushes.push(frame);
    });
  }

  static async open(url: string, validate: (value: unknown) => boolean): Promise<ImClient> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new ImClient(ws, validate);
  }

  call(frame: Record<string, unknown>): Promise<ImServerMessage> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#answers.set(id, resolve);
      this.ws.send(JSON.stringify({ ...frame, id }));
    });
  }

  /** The message pushes received so far. */
  messages(): ImMessage[] {
    return this.pushes.flatMap((frame) => (frame.type === 'message' ? [frame.message] : []));
  }

  async until(check: () => boolean, what: string, ms = 3000): Promise<void> {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.ws.terminate();
  }
}

