/**
 * The signed-in token, kept in sessionStorage: for this tab only, gone when it closes, never sent
 * anywhere but this server's admin API.
 */
const KEY = 'assistant-console-token';

export const session = {
  token: (): string | null => sessionStorage.getItem(KEY),
  save: (token: string) => sessionStorage.setItem(KEY, token),
  clear: () => sessionStorage.removeItem(KEY),
};
