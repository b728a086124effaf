import { describe, expect, it } from 'vitest';
import { nextSort, sortOf, userListParams, userListQueryString } from './user-list-query';

describe('the users list query in the address bar', () => {
  it('keeps what the server accepts and drops only a bad field', () => {
    const params = userListParams(
      new URLSearchParams('q=jan&role=boss&customerId=01&active=false&sort=-name&page=2&size=x'),
    );
    expect(params).toEqual({ q: 'jan', active: 'false', sort: '-name', page: '2' });
    expect(userListQueryString(params)).toBe('q=jan&active=false&sort=-name&page=2');
  });

  it('sorts ascending first, then turns the same column around', () => {
    expect(sortOf({})).toEqual({ field: 'username', descending: false });
    expect(nextSort({}, 'username')).toBe('-username');
    expect(nextSort({ sort: '-username' }, 'username')).toBe('username');
    expect(nextSort({ sort: 'name' }, 'email')).toBe('email');
  });
});
