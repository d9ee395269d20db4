import { generateSalt, sealJson } from '@portal/protocol';
import { type PortalClient } from '@portal/protocol/testing';

/** One sealed save, ready to send: the body names the version the edit started from. */
interface SealedSave {
  startsFrom: number;
  salt: string;
  body: string;
}

/** One signed-in patient whose saves go out one at a time, each from the version the last one made. */
interface Lane {
  client: PortalClient;
  headers: Record<string, string>;
  /** The version the portal holds, as far as this lane's answered saves tell. */
  version: number;
  /** Saves starting from `version`, `version + 1`, … in that order. */
  saves: SealedSave[];
}

/** What one request carries, and the lane to settle when its answer comes. */
export interface TakenSave {
  lane: Lane | undefined;
  headers: Record<string, string>;
  body: string;
}

/** Sealing runs on WebCrypto's thread pool; this many at a time keeps it busy without a huge queue. */
const SEAL_CONCURRENCY = 64;

/**
 * Versioned saves of one intake resource (protocol.md "Intake": a save names the version it
 * started from and answers 10409 over a newer one), spread over patients so every save answers
 * 2xx with up to one connection per patient: a lane (one patient, one session) has at most one
 * save in flight, and the next save of a patient is sealed for the version the previous one
 * produced. Bodies are sealed before each run, since each needs its own salt (protocol.md §3)
 * and sealing while measuring would load the machine under test.
 */
export class SaveLanes {
  /** Saves asked for when no idle lane had a sealed body left; each was sent unsealed (an error). */
  exhausted = 0;
  readonly #lanes: Lane[];
  /** Lanes with no save in flight, first in first out, so every patient gets its turn. */
  #idle: Lane[];
  readonly #path: string;
  readonly #value: unknown;

  private constructor(lanes: Lane[], path: string, value: unknown) {
    this.#lanes = lanes;
    this.#idle = [...lanes];
    this.#path = path;
    this.#value = value;
  }

  /** `clients` are signed in, one per patient: two lanes of one patient would race for its version. */
  static async create(clients: PortalClient[], path: string, value: unknown): Promise<SaveLanes> {
    const lanes = await Promise.all(
      clients.map(async (client): Promise<Lane> => {
        if (client.access === undefined || client.uid === undefined)
          throw new Error('A lane is not signed in');
        return {
          client,
          headers: {
            authorization: `Bearer ${client.access}`,
            uid: client.uid,
            'content-type': 'application/json',
          },
          version: await readVersion(client, path),
          saves: [],
        };
      }),
    );
    return new SaveLanes(lanes, path, value);
  }

  get size(): number {
    return this.#lanes.length;
  }

  /**
   * Before a run, after the last one drained: a lane still out (its save went unanswered when a
   * run ended or timed out, or was refused) reads its version again; then every lane holds
   * `perLane` sealed saves, those still unsent kept.
   */
  async refill(perLane: number): Promise<void> {
    const out = this.#lanes.filter((lane) => !this.#idle.includes(lane));
    await Promise.all(
      out.map(async (lane) => {
        lane.version = await readVersion(lane.client, this.#path);
      }),
    );
    this.#idle.push(...out);
    const wanted = this.#lanes.flatMap((lane) => {
      const kept = new Map(lane.saves.map((save) => [save.startsFrom, save]));
      return Array.from({ length: perLane }, (_, i) => ({ lane, startsFrom: lane.version + i, kept }));
    });
    const sealed: { lane: Lane; save: SealedSave }[] = [];
    for (let start = 0; start < wanted.length; start += SEAL_CONCURRENCY) {
      const batch = wanted.slice(start, start + SEAL_CONCURRENCY);
      sealed.push(
        ...(await Promise.all(
          batch.map(async ({ lane, startsFrom, kept }) => ({
            lane,
            save: kept.get(startsFrom) ?? (await this.#seal(lane, startsFrom)),
          })),
        )),
      );
    }
    for (const lane of this.#lanes) lane.saves = [];
    for (const { lane, save } of sealed) lane.saves.push(save);
  }

  /** The next idle lane's next save; the lane is busy until `settle`. */
  take(): TakenSave {
    const index = this.#idle.findIndex((lane) => lane.saves.length > 0);
    if (index < 0) {
      this.exhausted += 1;
      // Nothing sealed is left: an unsealed body, which the portal refuses (counted non-2xx).
      const headers = this.#lanes[0]!.headers;
      return { lane: undefined, headers, body: JSON.stringify({ data: '' }) };
    }
    const [lane] = this.#idle.splice(index, 1) as [Lane];
    const save = lane.saves.shift()!;
    return { lane, headers: { ...lane.headers, salt: save.salt }, body: save.body };
  }

  /** The answer to a lane's save: a 2xx moved its version on; after anything else it stays out until `refill`. */
  settle(lane: Lane | undefined, status: number): void {
    if (lane === undefined || status < 200 || status >= 300) return;
    lane.version += 1;
    this.#idle.push(lane);
  }

  async #seal(lane: Lane, startsFrom: number): Promise<SealedSave> {
    const salt = generateSalt();
    const data = await sealJson(lane.client.sharedSecret!, salt, 'c2s', {
      version: startsFrom,
      value: this.#value,
    });
    return { startsFrom, salt, body: JSON.stringify({ data }) };
  }
}

async function readVersion(client: PortalClient, path: string): Promise<number> {
  const { version } = await client.get<{ version: number }>(path);
  return version;
}
