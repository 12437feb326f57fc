import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const patch = (
  workspace: number | string,
  transcription: number | string,
  payload: unknown,
  token: string = TEST_TOKENS.transcriptions,
) =>
  app().inject({
    method: 'PATCH',
    url: `/v1/transcribe/workspace/${workspace}/transcriptions/${transcription}`,
    headers: auth(token),
    payload: payload as object,
  });
const edit = { transcript: { filename: 'call-edited.mp3', transcript: 'Customer: thanks!' } };

describe('PATCH /v1/transcribe/workspace/{id}/transcriptions/{transcriptionId}', () => {
  it('replaces the transcript, bumps updatedAt and leaves every other field', async () => {
    const res = await patch(7, 42, edit);
    expect(res.statusCode).toBe(200);
    expectMatchesContract('updateTranscription', 200, res.json());
    const data = res.json().data;
    expect(data).toMatchObject({
      id: 42,
      fileName: 'call.mp3',
      fileUrl: 'https://files.example.org/call.mp3',
      fileType: 'audio/mpeg',
      duration: 61.5,
      status: 'COMPLETED',
      createdAt: '2025-01-02T03:04:05.000Z',
      transcript: edit.transcript,
    });
    expect(data.updatedAt > data.createdAt).toBe(true);
    const again = await patch(7, 42, { transcript: { filename: 'x.mp3', transcript: '' } });
    expect(again.json().data.transcript).toEqual({ filename: 'x.mp3', transcript: '' });
  });

  it('answers 404 for an unknown workspace, an unknown transcription, or one in another workspace', async () => {
    for (const [w, t] of [
      [99, 42],
      [7, 99],
    ]) {
      const res = await patch(w as number, t as number, edit);
      expect(res.statusCode).toBe(404);
      expectMatchesContract('updateTranscription', 404, res.json());
    }
    // 43 exists but lives in workspace 8 (of the other account); through workspace 7 it does not exist.
    expect((await patch(7, 43, edit)).statusCode).toBe(404);
  });

  it("answers 403 for another account's workspace", async () => {
    const res = await patch(8, 43, edit);
    expect(res.statusCode).toBe(403);
    expectMatchesContract('updateTranscription', 403, res.json());
  });

  it('answers 400 for bad ids and bodies', async () => {
    const badId = await patch('abc', 0, edit);
    expect(badId.statusCode).toBe(400);
    expect(
      badId
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['path.id', 'path.transcriptionId']);
    const badBody = await patch(7, 42, { transcript: { filename: '' } });
    expect(badBody.statusCode).toBe(400);
    expectMatchesContract('updateTranscription', 400, badBody.json());
    expect(
      badBody
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['/transcript/filename', '/transcript/transcript']);
  });
});
