/**
 * A database that cannot be used, or can no longer keep what is written to it. At start-up its
 * message names DATABASE_URL and the path for the operator; during a request it becomes a plain 500
 * (the error handler logs the message, the client never sees it).
 */
export class StorageError extends Error {
  override name = 'StorageError';
}
