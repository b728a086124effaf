/**
 * A LIKE pattern that finds the text anywhere, case-insensitively (compare with lower(column)):
 * LIKE's own characters are escaped, so a search for "50%" finds "50%". Every list that searches
 * on the server uses it.
 */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
