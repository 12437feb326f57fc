import { count, eq, getTableColumns } from 'drizzle-orm';
import { transcriptionOf } from '../rows.js';
import type { TranscriptionsRepo } from '../store.js';
import { nowIso } from '../time.js';
import type { IdWrites } from './id-sequences.js';
import type { PgDb } from './pg-db.js';
import { transcriptions } from './schema.js';

// A transcript may be hundreds of kilobytes: read back, it would cost the event loop its copy and
// its JSON parsing once more on every replacement.
const { transcript: _transcript, ...columnsButTranscript } = getTableColumns(transcriptions);

export function createTranscriptionsRepo(db: PgDb, ids: IdWrites): TranscriptionsRepo {
  return {
    async listAll() {
      const rows = await db.select().from(transcriptions).orderBy(transcriptions.id);
      return rows.map((row) => ({ ...transcriptionOf(row), workspaceId: row.workspaceId }));
    },
    async count() {
      return (await db.select({ n: count() }).from(transcriptions))[0]?.n ?? 0;
    },
    async insert(row) {
      await db.insert(transcriptions).values(row);
      await ids.explicit('transcriptions');
    },
    async deleteAll() {
      await db.delete(transcriptions);
      await ids.emptied('transcriptions');
    },
    async find(id) {
      const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, id));
      return row ? { workspaceId: row.workspaceId, transcription: transcriptionOf(row) } : undefined;
    },
    async workspaceOf(id) {
      const [row] = await db
        .select({ workspaceId: transcriptions.workspaceId })
        .from(transcriptions)
        .where(eq(transcriptions.id, id));
      return row?.workspaceId;
    },
    async ensure(input) {
      const createdAt = input.createdAt ?? nowIso();
      await db
        .insert(transcriptions)
        .values({ ...input, createdAt, updatedAt: input.updatedAt ?? createdAt })
        .onConflictDoNothing();
      await ids.explicit('transcriptions');
    },
    async replaceTranscript(id, transcript) {
      const [row] = await db
        .update(transcriptions)
        .set({ transcript, updatedAt: nowIso() })
        .where(eq(transcriptions.id, id))
        .returning(columnsButTranscript);
      if (!row) throw new Error(`transcription ${id} vanished during update`);
      return transcriptionOf({ ...row, transcript });
    },
  };
}
