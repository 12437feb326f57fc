import { count, eq, getTableColumns } from 'drizzle-orm';
import { transcriptionOf } from '../rows.js';
import type { TranscriptionsRepo } from '../store.js';
import { nowIso } from '../time.js';
import type { Db } from './open-sqlite.js';
import { transcriptions } from './schema.js';
import type { Sync } from './sync.js';

// A transcript may be hundreds of kilobytes: read back, it would cost the event loop its copy and
// its JSON parsing once more on every replacement.
const { transcript: _transcript, ...columnsButTranscript } = getTableColumns(transcriptions);

export function createTranscriptionsRepo(db: Db): Sync<TranscriptionsRepo> {
  return {
    listAll() {
      return db
        .select()
        .from(transcriptions)
        .orderBy(transcriptions.id)
        .all()
        .map((row) => ({ ...transcriptionOf(row), workspaceId: row.workspaceId }));
    },
    count() {
      return db.select({ n: count() }).from(transcriptions).get()?.n ?? 0;
    },
    insert(row) {
      db.insert(transcriptions).values(row).run();
    },
    deleteAll() {
      db.delete(transcriptions).run();
    },
    find(id) {
      const row = db.select().from(transcriptions).where(eq(transcriptions.id, id)).get();
      return row ? { workspaceId: row.workspaceId, transcription: transcriptionOf(row) } : undefined;
    },
    workspaceOf(id) {
      return db
        .select({ workspaceId: transcriptions.workspaceId })
        .from(transcriptions)
        .where(eq(transcriptions.id, id))
        .get()?.workspaceId;
    },
    ensure(input) {
      const createdAt = input.createdAt ?? nowIso();
      db.insert(transcriptions)
        .values({ ...input, createdAt, updatedAt: input.updatedAt ?? createdAt })
        .onConflictDoNothing()
        .run();
    },
    replaceTranscript(id, transcript) {
      const row = db
        .update(transcriptions)
        .set({ transcript, updatedAt: nowIso() })
        .where(eq(transcriptions.id, id))
        .returning(columnsButTranscript)
        .get();
      if (!row) throw new Error(`transcription ${id} vanished during update`);
      return transcriptionOf({ ...row, transcript });
    },
  };
}
