import type { TranscriptContent, Transcription, TranscriptionStatus } from '@assistant-platform/types';
import { count, eq } from 'drizzle-orm';
import type { Db } from './open-database.js';
import { transcriptions } from './schema.js';
import { nowIso } from './time.js';

type TranscriptionRow = typeof transcriptions.$inferSelect;

/** A stored transcription: its API fields and its workspace. */
export type TranscriptionRecord = Transcription & { workspaceId: number };

function toTranscription(row: TranscriptionRow): Transcription {
  return {
    id: row.id,
    fileName: row.fileName,
    fileUrl: row.fileUrl,
    fileType: row.fileType,
    duration: row.duration,
    transcript: row.transcript,
    status: row.status as TranscriptionStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export interface NewTranscription {
  id: number;
  workspaceId: number;
  fileName: string;
  fileUrl: string;
  fileType: string;
  duration: number;
  status: TranscriptionStatus;
  transcript: TranscriptContent;
  createdAt?: string;
  updatedAt?: string;
}

export function createTranscriptionsRepo(db: Db) {
  return {
    listAll(): TranscriptionRecord[] {
      return db
        .select()
        .from(transcriptions)
        .orderBy(transcriptions.id)
        .all()
        .map((row) => ({ ...toTranscription(row), workspaceId: row.workspaceId }));
    },
    count(): number {
      return db.select({ n: count() }).from(transcriptions).get()?.n ?? 0;
    },
    /** Inserts one transcription; a duplicate id or an unknown workspace throws. */
    insert(row: TranscriptionRecord): void {
      db.insert(transcriptions).values(row).run();
    },
    deleteAll(): void {
      db.delete(transcriptions).run();
    },
    find(id: number): { workspaceId: number; transcription: Transcription } | undefined {
      const row = db.select().from(transcriptions).where(eq(transcriptions.id, id)).get();
      return row ? { workspaceId: row.workspaceId, transcription: toTranscription(row) } : undefined;
    },
    ensure(input: NewTranscription): void {
      const createdAt = input.createdAt ?? nowIso();
      db.insert(transcriptions)
        .values({ ...input, createdAt, updatedAt: input.updatedAt ?? createdAt })
        .onConflictDoNothing()
        .run();
    },
    /** Replaces the transcript content and bumps updatedAt; every other field is kept. */
    replaceTranscript(id: number, transcript: TranscriptContent): Transcription {
      const row = db
        .update(transcriptions)
        .set({ transcript, updatedAt: nowIso() })
        .where(eq(transcriptions.id, id))
        .returning()
        .get();
      if (!row) throw new Error(`transcription ${id} vanished during update`);
      return toTranscription(row);
    },
  };
}
